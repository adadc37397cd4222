/**
 * `request <app> [level] -- <justification>`: resolve what the person typed to one WorkApp and
 * one permission level, or say exactly what is unknown or ambiguous and list the close matches.
 */
import type { AccessClient } from '../access/client.ts';
import { ConflictError, InvalidRequestError } from '../access/errors.ts';
import type { PermissionLevel, WorkApp } from '../access/schemas.ts';
import { usage } from './commands.ts';
import { sentenceList } from './format.ts';
import { matchByName, normalize } from './match.ts';
import { type Reply, success, warning } from './reply.ts';

export type Resolved =
  | { ok: true; app: WorkApp; level: PermissionLevel | undefined }
  | { ok: false; reply: Reply };

const quoted = (items: readonly { name: string }[]) =>
  sentenceList(items.map((i) => `"${i.name}"`));

/** Longest run of leading words that names an app exactly; the rest names the level. */
function splitTarget(apps: readonly WorkApp[], target: string) {
  const words = target.split(' ');
  for (let n = words.length; n >= 1; n--) {
    const name = normalize(words.slice(0, n).join(' '));
    const app = apps.find((a) => normalize(a.name) === name);
    if (app) return { app, rest: words.slice(n).join(' ') };
  }
  return undefined;
}

export async function resolveRequest(client: AccessClient, target: string): Promise<Resolved> {
  const apps = await Array.fromAsync(client.listWorkApps());
  const exact = splitTarget(apps, target);
  let app: WorkApp;
  let rest = '';
  if (exact) {
    ({ app, rest } = exact);
  } else {
    const match = matchByName(apps, target, (a) => a.name);
    if (match.kind === 'many') {
      return {
        ok: false,
        reply: warning(
          `"${target}" matches several applications: ${quoted(match.items.slice(0, 10))}. Which one?`,
        ),
      };
    }
    if (match.kind === 'none') {
      const hint = match.suggestions.length
        ? ` Did you mean ${quoted(match.suggestions)}?`
        : ' Type `apps` to see them all.';
      return { ok: false, reply: warning(`I found no application called "${target}".${hint}`) };
    }
    app = match.item;
  }
  const levels = await Array.fromAsync(client.listPermissionLevels(app.id));
  if (!rest) {
    if (levels.length <= 1) return { ok: true, app, level: levels[0] };
    return {
      ok: false,
      reply: warning(
        `${app.name} has several permission levels: ${quoted(levels)}. Say which, e.g. \`request ${app.name} ${levels[0]!.name} -- why you need it\`.`,
      ),
    };
  }
  const level = matchByName(levels, rest, (l) => l.name);
  if (level.kind === 'one') return { ok: true, app, level: level.item };
  const choices = levels.length ? ` Choose one of ${quoted(levels)}.` : '';
  const what =
    level.kind === 'many'
      ? `"${rest}" matches several levels of ${app.name}.`
      : `${app.name} has no permission level "${rest}".`;
  return { ok: false, reply: warning(`${what}${choices}`) };
}

export async function requestAccess(
  client: AccessClient,
  userId: string,
  target: string | undefined,
  justification: string | undefined,
): Promise<Reply> {
  if (!target) return warning(`What would you like access to? Usage: ${usage.request}`);
  const resolved = await resolveRequest(client, target);
  if (!resolved.ok) return resolved.reply;
  return submitRequest(client, userId, resolved.app, resolved.level, justification);
}

/** Creates the access request; shared by the one-line command and the platforms' forms. */
export async function submitRequest(
  client: AccessClient,
  userId: string,
  app: WorkApp,
  level: PermissionLevel | undefined,
  justification: string | undefined,
): Promise<Reply> {
  const what = level ? `${app.name} (${level.name})` : app.name;
  try {
    await client.createAccess({
      workAppId: app.id,
      userId,
      ...(level ? { permissionLevelId: level.id } : {}),
      ...(justification ? { justification } : {}),
    });
  } catch (error) {
    if (error instanceof ConflictError) {
      return warning(`You already have a pending request for ${what}.`);
    }
    if (error instanceof InvalidRequestError) {
      const said = error.problem?.detail ? `: ${error.problem.detail}` : '.';
      return warning(`The Access Service did not accept a request for ${what}${said}`);
    }
    throw error;
  }
  const why = justification ? ` Justification: "${justification}".` : '';
  return success(`Requested access to ${what}. Its approvers have been asked.${why}`, {
    title: 'Access requested',
  });
}
