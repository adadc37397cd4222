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

/**
 * Which app the leading words name, the rest naming the level: the longest exact name first,
 * then the longest run of words that names exactly one app in part.
 */
function findApp(apps: readonly WorkApp[], target: string): { app: WorkApp; rest: string } | Reply {
  const words = target.split(' ');
  const prefix = (n: number) => words.slice(0, n).join(' ');
  for (let n = words.length; n >= 1; n--) {
    const app = apps.find((a) => normalize(a.name) === normalize(prefix(n)));
    if (app) return { app, rest: words.slice(n).join(' ') };
  }
  let suggestions: WorkApp[] = [];
  for (let n = words.length; n >= 1; n--) {
    const match = matchByName(apps, prefix(n), (a) => a.name);
    if (match.kind === 'one') return { app: match.item, rest: words.slice(n).join(' ') };
    if (match.kind === 'many') {
      return warning(
        `"${prefix(n)}" matches several applications: ${quoted(match.items.slice(0, 10))}. Which one?`,
      );
    }
    if (!suggestions.length) suggestions = match.suggestions;
  }
  const hint = suggestions.length
    ? ` Did you mean ${quoted(suggestions)}?`
    : ' Type `apps` to see them all.';
  return warning(`I found no application called "${target}".${hint}`);
}

export async function resolveRequest(client: AccessClient, target: string): Promise<Resolved> {
  const apps = await Array.fromAsync(client.listWorkApps());
  const found = findApp(apps, target);
  if (!('app' in found)) return { ok: false, reply: found };
  const { app, rest } = found;
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
