/**
 * The audit trail's hash chain on SQLite and PostgreSQL: an entry changed, removed or inserted
 * with SQL behind accessbot's back is named by `npm run audit -- --verify` (the real script, on
 * the real database); two replicas appending at once keep one chain; retention leaves what it
 * keeps verifiable; a posted head catches a log rewritten whole.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyChain } from '../../src/core/audit/verify.ts';
import { entryDigest, linkHash, receiptOf } from '../../src/store/audit-chain.ts';
import { openStore } from '../../src/store/open.ts';
import type { Store } from '../../src/store/store.ts';
import { runScript } from '../helpers/cli.ts';
import { emptySchema, usePostgresSchema } from '../helpers/postgres.ts';
import { audit } from './contract.ts';
import { membership } from './groups-contract.ts';

const script = fileURLToPath(new URL('../../scripts/audit.ts', import.meta.url));
const day = (d: number, h = 10) => new Date(Date.UTC(2026, 10, d, h));

interface World {
  url: () => string;
  /** SQL run as an operator would, behind accessbot's back. */
  exec: (statement: string) => Promise<void>;
}

const verify = (world: World, ...args: string[]) =>
  runScript(script, ['--verify', ...args], { DATABASE_URL: world.url() });

/** Five entries: a decision kept, then completed after two others; ids 1 to 5. */
async function fiveEntries(store: Store): Promise<void> {
  const started = await store.appendAudit(audit({ at: day(1), outcome: 'started' }));
  await store.appendAudit(membership({ at: day(2) }));
  await store.appendAudit(audit({ at: day(3), taskId: 'task-2', outcome: 'not_assignee' }));
  expect(await store.completeDecision(started, { outcome: 'approved', detail: null })).toBe(true);
  await store.appendAudit(membership({ at: day(4), outcome: 'removed', action: 'group_remove' }));
  await store.appendAudit(audit({ at: day(5), taskId: 'task-3', reason: 'nope\0 "x"' }));
}

function describeChain(name: string, world: World) {
  describe(`${name}: the audit chain`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await openStore(world.url());
      await fiveEntries(store);
      await store.close();
    });

    it('verifies a log nobody touched, and names its head', async () => {
      const { code, stderr } = await verify(world);
      expect(stderr).toMatch(
        /chain intact: 6 links checked; head link 6, entry 5, hash [0-9a-f]{64}/,
      );
      expect(code).toBe(0);
    });

    it('names an entry whose outcome was changed', async () => {
      await world.exec(`UPDATE audit_log SET outcome = 'declined' WHERE id = 3`);
      const { code, stderr } = await verify(world);
      expect(stderr).toContain(`entry 3 (${day(3).toISOString()}, link 3) was changed`);
      expect(code).toBe(3);
    });

    it('names a completed decision whose outcome was changed, and its hash recomputed', async () => {
      await world.exec(`UPDATE audit_log SET outcome = 'declined', digest = 'x' WHERE id = 1`);
      const { stderr } = await verify(world);
      expect(stderr).toContain(`entry 1 (${day(1).toISOString()}, link 4) was changed`);
    });

    it('names an entry whose receipt was moved to another', async () => {
      await world.exec(
        `UPDATE audit_log SET receipt = (SELECT receipt FROM audit_log WHERE id = 2) WHERE id = 5`,
      );
      const { stderr } = await verify(world);
      expect(stderr).toContain(`entry 5 (${day(5).toISOString()}, link 6) was changed`);
    });

    it('names the entry after one that was deleted', async () => {
      await world.exec('DELETE FROM audit_log WHERE id = 2');
      const { code, stderr } = await verify(world);
      expect(stderr).toContain(
        `1 link(s) removed before entry 3 (${day(3).toISOString()}, link 3)`,
      );
      expect(code).toBe(3);
    });

    it('says the newest entry was deleted', async () => {
      await world.exec('DELETE FROM audit_log WHERE id = 5');
      const { stderr } = await verify(world);
      expect(stderr).toContain(`entries removed after entry 4 (${day(4).toISOString()}, link 5)`);
    });

    it('names an entry inserted with SQL', async () => {
      await world.exec(
        `INSERT INTO audit_log (at, platform, chat_user_id, access_user_id, task_id, action, outcome)
         VALUES (${name.startsWith('SQLite') ? day(6).getTime() : `'${day(6).toISOString()}'`},
                 'slack', 'U09', 'a-9', 'task-9', 'approve', 'approved')`,
      );
      const { code, stderr } = await verify(world);
      expect(stderr).toContain(`entry 6 (${day(6).toISOString()}) was inserted`);
      expect(code).toBe(3);
    });

    it('catches a log rewritten whole, chain and head, with the head posted before', async () => {
      store = await openStore(world.url());
      const posted = (await verifyChain(store)) as {
        ok: true;
        state: { head: { hash: string } };
      };
      await store.close();
      // The operator rewrites entry 5's reason and every hash from it on, the head's too.
      await world.exec(`UPDATE audit_log SET reason = 'yes' WHERE id = 5`);
      store = await openStore(world.url());
      const [last] = await store.chainLinks(5, 1);
      const head = await store.auditHead();
      const [before] = await store.chainLinks(4, 1);
      const forged = linkHash(before!.hash!, 6, last!.digest);
      await store.close();
      await world.exec(
        `UPDATE audit_log SET hash = '${forged}', digest = '${last!.digest}',
           receipt = '${receiptOf(last!.digest)}' WHERE id = 5`,
      );
      await world.exec(`UPDATE audit_chain SET hash = '${forged}'`);
      expect(head.link).toBe(6);
      expect((await verify(world)).code).toBe(0);
      const { code, stderr } = await verify(world, '--head', posted.state.head.hash);
      expect(stderr).toContain(`the posted head ${posted.state.head.hash} is not in the chain`);
      expect(code).toBe(3);
    });

    it('keeps one chain when two replicas append at once', async () => {
      const [one, two] = [await openStore(world.url()), await openStore(world.url())];
      const started = await Promise.all(
        [one, two].map((s, n) => s.appendAudit(audit({ at: day(10 + n), outcome: 'started' }))),
      );
      await Promise.all(
        [one, two].flatMap((s, n) => [
          ...Array.from({ length: 20 }, (_, i) =>
            s.appendAudit(membership({ at: new Date(day(12).getTime() + i), chatUserId: `U${n}` })),
          ),
          s.completeDecision(started[n]!, { outcome: 'declined', detail: 'as asked' }),
        ]),
      );
      const verdict = await verifyChain(one);
      await Promise.all([one.close(), two.close()]);
      expect(verdict).toMatchObject({ ok: true, state: { checked: 6 + 2 + 40 + 2 } });
    });

    it('keeps what retention leaves verifiable from its checkpoint', async () => {
      store = await openStore(world.url());
      // Entries 1 to 3 go; entry 1's completion (link 4) stays with them, before the cut.
      expect(await store.pruneAudit(day(4))).toBe(3);
      const head = await store.auditHead();
      expect(head.startLink).toBe(4);
      await store.appendAudit(audit({ at: day(7) }));
      const verdict = await verifyChain(store);
      await store.close();
      expect(verdict).toMatchObject({ ok: true, state: { checked: 3 } });
      expect((await verify(world)).code).toBe(0);
      await world.exec('DELETE FROM audit_log WHERE id = 4');
      expect((await verify(world)).stderr).toContain('1 link(s) removed before entry 5');
    });

    it('gives each entry the hash of its last link, a NUL in it made storable first', async () => {
      store = await openStore(world.url());
      const [last] = await store.chainLinks(5, 1);
      const [row] = await store.readAuditLog({ taskId: 'task-3' }, undefined, 1);
      await store.close();
      expect(row?.hash).toBe(last?.hash);
      const kept = {
        ...{ at: day(5), platform: 'slack', chat_user_id: 'U01', access_user_id: 'a-1' },
        ...{ task_id: 'task-3', action: 'approve', outcome: 'approved', detail: null },
        reason: 'nope\uFFFD "x"',
      };
      expect(last?.digest).toBe(entryDigest(kept));
    });
  });
}

const root = mkdtempSync(join(tmpdir(), 'accessbot-chain-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let file = '';
describe('SQLite', () => {
  beforeEach(() => {
    file = join(mkdtempSync(join(root, 'case-')), 'audit.db');
  });
  describeChain('SQLite file', {
    url: () => `sqlite:${file}`,
    exec: async (statement) => {
      const db = new DatabaseSync(file);
      try {
        db.exec(statement);
      } finally {
        db.close();
      }
    },
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL', () => {
  const schema = usePostgresSchema('accessbot_chain');
  let admin: pg.Pool;
  beforeAll(async () => {
    admin = new pg.Pool({ connectionString: schema.url });
    await (await openStore(schema.url)).close();
  });
  afterAll(() => admin.end());
  beforeEach(() => emptySchema(admin, schema.name));
  describeChain('PostgreSQL', {
    url: () => schema.url,
    exec: async (statement) => {
      await admin.query(statement);
    },
  });
});

describe('a long chain', () => {
  it('is verified page by page, every link once, completions among them', async () => {
    const store = await openStore('sqlite::memory:');
    const started = await store.appendAudit(audit({ at: day(1), outcome: 'started' }));
    for (let n = 0; n < 1_201; n++) {
      await store.appendAudit(membership({ at: new Date(day(2).getTime() + n * 1000) }));
    }
    await store.completeDecision(started, { outcome: 'approved', detail: null });
    const verdict = await verifyChain(store);
    await store.close();
    expect(verdict).toMatchObject({ ok: true, state: { checked: 1_203, head: { link: 1_203 } } });
  });
});
