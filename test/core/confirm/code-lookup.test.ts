/**
 * A confirmation code is looked up, never computed: `confirm <code>` asks the store once for the
 * code's record, however many tasks wait for the person, and no credential goes into a code.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccessBot } from '../../../src/core/bot.ts';
import { policies, users } from '../../../src/sandbox/seed.ts';
import { openStore } from '../../../src/store/open.ts';
import type { Store } from '../../../src/store/store.ts';
import type { Sandbox } from '../../fakes/sandbox-faults.ts';
import { actor, captureLog } from '../../helpers/bot.ts';
import { contextFor, GateClock } from '../../helpers/decide-world.ts';
import { clientFor, useSandbox } from '../../helpers/sandbox.ts';

const TASKS = 2_000;

/** An application with a level per request: `count` pending requests, each one of Tim's tasks. */
function addRequests(sandbox: Sandbox, count: number, sensitive: boolean) {
  const id = randomUUID();
  const levels = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    name: `Level ${i}`,
    description: 'level',
  }));
  const fields = sensitive ? [{ id: randomUUID(), name: 'Sensitive', value: 'yes' }] : [];
  sandbox.state.addWorkApp(
    { id, name: `App ${id.slice(0, 4)}`, description: 'app' },
    levels,
    fields,
  );
  sandbox.state.assignPolicy(id, null, 'AccessRequest', policies.designLeads.id);
  return levels.map(
    (level) =>
      sandbox.state.createAccessRequest({
        workAppId: id,
        userId: users.grace.id,
        permissionLevelId: level.id,
      }).taskIds[0]!,
  );
}

/** The store, telling how often a confirmation was looked up. */
function counting(store: Store) {
  const asked = { lookups: 0 };
  const seen = new Proxy(store, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (name === 'getConfirmation') asked.lookups += 1;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: seen, asked };
}

const codeIn = (said: unknown) => /"confirmation":"([a-z2-9]{8})"/.exec(JSON.stringify(said))?.[1];

const sources = (dir: string) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));

describe('a confirmation code', () => {
  const sandbox = useSandbox({ pageSize: 500 });
  const tim = actor(users.tim.email);

  it(`is one store lookup when the person has ${TASKS} pending tasks`, async () => {
    const client = clientFor(sandbox.current);
    const real = await openStore('sqlite::memory:');
    const { store, asked } = counting(real);
    const bot = new AccessBot({
      client,
      store,
      log: captureLog().log,
      pendingStatus: 'Pending',
      context: contextFor(client, store, new GateClock()),
    });
    addRequests(sandbox.current, TASKS - 1, false);
    const [sensitive] = addRequests(sandbox.current, 1, true);
    expect(sandbox.current.state.tasksFor(users.tim.id, 'Pending')).toHaveLength(TASKS);
    const code = codeIn(await bot.handle(tim, `approve ${sensitive}`));
    expect(code).toBeDefined();

    asked.lookups = 0;
    expect(JSON.stringify(await bot.handle(tim, `confirm ${code}`))).toContain('You approved');
    expect(asked.lookups).toBe(1);

    asked.lookups = 0;
    expect(JSON.stringify(await bot.handle(tim, 'confirm zzzzzzzz'))).toContain(
      'Nothing is waiting for your confirmation',
    );
    expect(asked.lookups).toBe(1);
    await real.close();
  });

  it('owes nothing to a credential: no key is derived or HMAC computed where codes are made or kept', () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    const keyed = /\b(createHmac|hkdf|pbkdf2|scrypt)\w*\s*\(|ACCESS_API_SECRET|apiSecret/;
    const offending = ['src/core', 'src/store']
      .flatMap((dir) => sources(join(root, dir)))
      .filter((file) => keyed.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(offending).toEqual([]);
  });
});
