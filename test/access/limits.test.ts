/**
 * Whatever the Access Service answers costs bounded work: a `links.next` that goes round in a
 * circle or never ends, a page of a million items, a body of many megabytes — each ends in a
 * typed error after a bounded number of requests, with the process's memory kept, and the
 * person asking gets a truthful answer while the operator gets a line naming the endpoint.
 * Over real HTTP against the sandbox's hostile mode.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  InvalidResponseError,
  ListTooLongError,
  ResponseTooLargeError,
} from '../../src/access/errors.ts';
import { loadConfig } from '../../src/app/config.ts';
import { tasks, users } from '../../src/sandbox/seed.ts';
import type { HostileCommand } from '../fakes/sandbox-hostile.ts';
import { actor, botFor } from '../helpers/bot.ts';
import { clientFor, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ pageSize: 2 });
const ada = actor(users.ada.email, 'slack', 'U-ADA');
const MB = 1_000_000;

const taskPages = () => sandbox.current.requests.filter((r) => r.path.endsWith('/Tasks'));
const hostile = (mode: Partial<HostileCommand> & Pick<HostileCommand, 'kind'>) =>
  sandbox.current.faults.hostile(mode as HostileCommand);

/**
 * The most the process's resident memory grew above its level before `work`, sampled while it
 * runs. Sampling can miss a short peak, never invent one: a generous bound stays meaningful.
 */
async function growthDuring(work: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
    sample();
  }
  return peak - before;
}

beforeEach(() => {
  sandbox.current.faults.reset();
  sandbox.current.requests.length = 0;
});

describe('links.next', () => {
  it('that leads back to a page already read (A → B → A) ends the list with an error', async () => {
    hostile({ kind: 'loop' });
    const listing = Array.fromAsync(sandbox.client.listTasks(users.ada.id, 'Pending'));
    await expect(listing).rejects.toBeInstanceOf(InvalidResponseError);
    await expect(listing).rejects.toThrow(/already read/);
    expect(taskPages()).toHaveLength(2);
    expect(taskPages()[1]!.url).toContain('hostileLoop=1');
  });

  it('that never ends stops at ACCESS_MAX_PAGES, with an error rather than a short list', async () => {
    hostile({ kind: 'endless' });
    const client = clientFor(sandbox.current, { limits: { maxPages: 7 } });
    const listing = Array.fromAsync(client.listUsers());
    await expect(listing).rejects.toBeInstanceOf(ListTooLongError);
    await expect(listing).rejects.toMatchObject({
      code: 'ACCESS_LIST_TOO_LONG',
      limit: 'pages',
      max: 7,
    });
    expect(sandbox.current.requests.filter((r) => r.path.endsWith('/users'))).toHaveLength(7);
  });

  it('is still followed to the end of an honest list within the bounds', async () => {
    const client = clientFor(sandbox.current, { limits: { maxPages: 20, maxItems: 100 } });
    const all = await Array.fromAsync(client.listUsers());
    expect(all).toHaveLength(Object.keys(users).length);
  });

  it('stops a caller that needed only the first item after one page, whatever comes next', async () => {
    hostile({ kind: 'endless' });
    for await (const user of sandbox.client.listUsers()) {
      expect(user.id).toBeTruthy();
      break;
    }
    expect(sandbox.current.requests).toHaveLength(1);
  });
});

describe('a page of a million items', () => {
  it('of tasks is cut off at ACCESS_MAX_RESPONSE_BYTES while it downloads', async () => {
    hostile({ kind: 'hugePage', items: 1_000_000 });
    let failure: unknown;
    const growth = await growthDuring(async () => {
      failure = await Array.fromAsync(sandbox.client.listTasks(users.ada.id, 'Pending')).catch(
        (error: unknown) => error,
      );
    });
    expect(failure).toBeInstanceOf(ResponseTooLargeError);
    expect(failure).toMatchObject({ code: 'ACCESS_RESPONSE_TOO_LARGE', endpoint: 'GET /Tasks' });
    expect(growth).toBeLessThan(150 * MB);
    // Not retried: a body that was too large will be too large again.
    expect(taskPages()).toHaveLength(1);
  });

  it('of tiny items is refused at ACCESS_MAX_ITEMS before a single item is parsed', async () => {
    hostile({ kind: 'hugePage', items: 1_000_000, item: 'zero' });
    let failure: unknown;
    const growth = await growthDuring(async () => {
      failure = await Array.fromAsync(sandbox.client.listUsers()).catch((error: unknown) => error);
    });
    expect(failure).toBeInstanceOf(ListTooLongError);
    expect(failure).toMatchObject({ limit: 'items', max: 50_000 });
    expect(growth).toBeLessThan(150 * MB);
  });
});

describe('a body of many megabytes', () => {
  it.each([
    ['with Content-Length, refused before it is read', false],
    ['chunked, cut off while it is read', true],
  ])('%s', async (_name, chunked) => {
    hostile({ kind: 'bigBody', bytes: 50 * MB, chunked });
    let failure: unknown;
    const growth = await growthDuring(async () => {
      failure = await sandbox.client
        .getTask(tasks.adaGraceGithubWrite)
        .catch((error: unknown) => error);
    });
    expect(failure).toBeInstanceOf(ResponseTooLargeError);
    expect(failure).toMatchObject({ endpoint: 'GET /Tasks/{taskId}', maxBytes: 8 * MB });
    expect(growth).toBeLessThan(150 * MB);
  });

  it('within the bound is read as usual', async () => {
    hostile({ kind: 'bigBody', bytes: 100_000 });
    const client = clientFor(sandbox.current, { limits: { maxResponseBytes: 200_000 } });
    const task = await client.getTask(tasks.adaGraceGithubWrite);
    expect(String(task.metadata.note).length).toBeGreaterThan(99_000);
  });

  it('adds up over the pages of one list to ACCESS_MAX_LIST_BYTES', async () => {
    const client = clientFor(sandbox.current, { limits: { maxListBytes: 1_500 } });
    const listing = Array.fromAsync(client.listUsers());
    await expect(listing).rejects.toMatchObject({ code: 'ACCESS_LIST_TOO_LONG', limit: 'bytes' });
  });
});

describe('what the person and the operator see', () => {
  const cases: Array<[string, Parameters<typeof hostile>[0], RegExp]> = [
    ['a links.next loop', { kind: 'loop' }, /could not understand/],
    ['a page of a million tasks', { kind: 'hugePage', items: 1_000_000 }, /more than accessbot/],
    ['a list that never ends', { kind: 'endless' }, /more than accessbot/],
  ];

  it.each(cases)(
    '%s: a truthful answer, a log line naming the endpoint',
    async (_n, mode, said) => {
      const config = loadConfig({ ACCESS_MAX_PAGES: '25' });
      const client = clientFor(sandbox.current, { limits: config.accessLimits });
      const { bot, logLines } = await botFor(client);
      await bot.handle(ada, 'tasks'); // linked while the service behaves
      sandbox.current.requests.length = 0;
      hostile(mode);
      let reply: unknown;
      const growth = await growthDuring(async () => {
        reply = await bot.handle(ada, 'tasks');
      });
      expect(JSON.stringify(reply)).toMatch(said);
      expect(JSON.stringify(reply)).toMatch(/Nothing was changed/);
      expect(taskPages().length).toBeLessThanOrEqual(25);
      expect(growth).toBeLessThan(150 * MB);
      const logged = logLines.map((line) => JSON.parse(line)).filter((l) => l.level >= 50);
      expect(logged.some((l) => JSON.stringify(l).includes('GET /Tasks'))).toBe(true);
      // The process goes on: the next command works once the service behaves again.
      sandbox.current.faults.reset();
      expect(JSON.stringify(await bot.handle(ada, 'tasks'))).toMatch(/pending task/);
    },
  );
});

describe('the limits in the environment', () => {
  it('default to bounds far above a real organisation', () => {
    expect(loadConfig({}).accessLimits).toEqual({
      maxPages: 1_000,
      maxItems: 50_000,
      maxResponseBytes: 8_000_000,
      maxListBytes: 32_000_000,
    });
  });

  it.each([
    ['ACCESS_MAX_PAGES', '0', 'ACCESS_MAX_PAGES must be at least 1'],
    ['ACCESS_MAX_ITEMS', 'many', 'ACCESS_MAX_ITEMS must be a whole number'],
    ['ACCESS_MAX_RESPONSE_BYTES', '10', 'ACCESS_MAX_RESPONSE_BYTES must be at least 1000'],
    ['ACCESS_MAX_LIST_BYTES', '1.5', 'ACCESS_MAX_LIST_BYTES must be a whole number'],
  ])('refuse %s=%s with one line', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
