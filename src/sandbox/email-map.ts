/**
 * `SANDBOX_EMAIL_MAP=alice@realcorp.com=ada,bob@realcorp.com=grace.hopper@example.com`: seeded
 * people get real addresses, so a real workspace can be tried (links are made by e-mail).
 */
import { z } from 'zod';
import { type SeedUser, users } from './seed.ts';
import type { SandboxState } from './state.ts';

export type EmailMap = ReadonlyMap<string, string>;

const address = z.email();

export function parseEmailMap(value: string): EmailMap {
  const map = new Map<string, string>();
  const taken = new Set<string>();
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [real, person, extra] = pair.split('=').map((part) => part.trim().toLowerCase());
    if (!real || !person || extra !== undefined || !address.safeParse(real).success) {
      throw new Error(`"${pair}" is not <real e-mail>=<sandbox person>, e.g. alice@corp.com=ada`);
    }
    const seeded = person.includes('@')
      ? person
      : Object.hasOwn(users, person)
        ? users[person as SeedUser].email
        : undefined;
    if (!seeded || !Object.values(users).some((user) => user.email === seeded)) {
      const names = Object.keys(users).join(', ');
      throw new Error(`"${person}" is not a sandbox person; use one of ${names}`);
    }
    if (map.has(seeded) || taken.has(real)) {
      throw new Error(`"${pair}" maps a person or an address a second time`);
    }
    map.set(seeded, real);
    taken.add(real);
  }
  return map;
}

/** Also where a custom field names them (an application's owners). */
export function applyEmailMap(state: SandboxState, map: EmailMap): void {
  for (const [seeded, real] of map) {
    const user = state.findUserByEmail(seeded);
    if (user) state.users.set(user.id, { ...user, email: real });
  }
  for (const app of state.workApps.values()) {
    for (const field of app.fields.values()) {
      field.value &&= field.value
        .split(',')
        .map((part) => map.get(part.trim().toLowerCase()) ?? part)
        .join(',');
    }
  }
}
