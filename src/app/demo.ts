/**
 * What lets the demo (the terminal chat on the embedded sandbox) show every feature, and only
 * the demo: you may read the report and everyone's history, as a member of the sample
 * organisation's Security group, unless AUDITORS_GROUP names another; and Radia Perlman, who
 * approves GitHub (Admin) and the AWS Console's Administrator level, uses accessbot too — linked
 * on the terminal, so a nudge reaches her and the terminal shows it in one line.
 */
import { groups, users } from '../sandbox/seed.ts';
import type { SandboxState } from '../sandbox/state.ts';
import type { IdentityLink, LinkStore } from '../store/store.ts';
import type { Config } from './config.ts';

/** The sandbox's group whose members audit in the demo; Ada is one of them. */
const DEMO_AUDITORS_GROUP = groups.security.name;

/** The colleague who uses accessbot in the demo. */
const demoColleague = users.radia;

/** The demo's configuration: `config` with the demo's auditors unless it names its own. */
export function demoConfig(config: Config): Config {
  const auditorsGroup = config.groups.auditorsGroup ?? DEMO_AUDITORS_GROUP;
  return { ...config, groups: { ...config.groups, auditorsGroup } };
}

/**
 * Links the demo colleague on the terminal, as the terminal chat links its own person (by
 * e-mail address, which SANDBOX_EMAIL_MAP may have changed) — unless the terminal is theirs.
 */
export async function linkDemoColleague(
  store: LinkStore,
  state: SandboxState,
  you: string,
  now: Date,
): Promise<void> {
  const { id, email, displayName } = state.user(demoColleague.id);
  const address = email.toLowerCase();
  if (address === you.toLowerCase()) return;
  const link: IdentityLink = {
    platform: 'shell',
    chatUserId: address,
    accessUserId: id,
    email: address,
    displayName,
    linkedAt: now,
  };
  await store.saveLink(link);
}
