/**
 * Hostile answers, a fault of the sandbox (sandbox-faults.ts) for testing what accessbot's client
 * is bound to: pages whose `links.next` go round in a circle (A → B → A) or never end, a page of
 * a million items, and a body of many megabytes. Large bodies are streamed with backpressure, so the sandbox itself
 * stays small when it runs in the same process as the client it tests.
 */
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { Page } from '../../src/sandbox/pagination.ts';

const count = z.number().int().min(0);

export const HostileCommand = z.discriminatedUnion('kind', [
  /** Every list page's `links.next` leads to the other of two URLs: A → B → A. */
  z.strictObject({ kind: z.literal('loop') }),
  /** Every list page's `links.next` leads to a URL never seen before. */
  z.strictObject({ kind: z.literal('endless') }),
  /** Every GET answers one page of `items` items, chunked (no Content-Length). */
  z.strictObject({
    kind: z.literal('hugePage'),
    items: count.default(1_000_000),
    /** `task`: task-shaped items; `zero`: the smallest JSON item, `0`. */
    item: z.enum(['task', 'zero']).default('task'),
  }),
  /** Every GET answers a task whose metadata holds a string, `bytes` long in all. */
  z.strictObject({
    kind: z.literal('bigBody'),
    bytes: count.default(20_000_000),
    /** Without Content-Length, so the size shows only while reading. */
    chunked: z.boolean().default(false),
  }),
]);
export type HostileCommand = z.output<typeof HostileCommand>;

const loopMark = 'hostileLoop=1';
const endlessParam = 'hostilePage';

/** `page` with its `links.next` replaced as the hostile mode says; unchanged for other modes. */
export function hostileLinks<T>(mode: HostileCommand | null, page: Page<T>, url: URL): Page<T> {
  if (mode?.kind === 'loop') {
    // String surgery, not URLSearchParams: B's next must be A byte for byte.
    const { href } = url;
    const marked = href.endsWith(`?${loopMark}`) || href.endsWith(`&${loopMark}`);
    const next = marked
      ? href.slice(0, -(loopMark.length + 1))
      : `${href}${url.search ? '&' : '?'}${loopMark}`;
    return { ...page, links: { self: href, next } };
  }
  if (mode?.kind === 'endless') {
    const next = new URL(url);
    next.searchParams.set(endlessParam, String(Number(url.searchParams.get(endlessParam)) + 1));
    return { ...page, links: { self: url.href, next: next.href } };
  }
  return page;
}

/** Whether this mode replaces the answer to a GET with a streamed body of its own. */
export const streamsBody = (mode: HostileCommand | null) =>
  mode?.kind === 'hugePage' || mode?.kind === 'bigBody';

/** Writes the hostile body; a client that hangs up stops the stream, which is not an error here. */
export async function sendHostileBody(res: ServerResponse, mode: HostileCommand): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  let chunks: Iterable<string>;
  if (mode.kind === 'bigBody') {
    const head = `{"id":"${hostileTaskId}","status":"Pending","type":"AccessRequest","target":{},"metadata":{"note":"`;
    const tail = '"}}';
    const filler = Math.max(0, mode.bytes - head.length - tail.length);
    if (!mode.chunked) headers['content-length'] = String(head.length + filler + tail.length);
    chunks = bigBody(head, filler, tail);
  } else if (mode.kind === 'hugePage') {
    chunks = hugePage(mode.items, mode.item === 'task' ? hostileTask : '0');
  } else {
    return;
  }
  res.writeHead(200, headers);
  await pipeline(Readable.from(chunks), res).catch(() => {});
}

const hostileTaskId = '00000000-0000-4000-8000-00000000b0d1';
const hostileTask = JSON.stringify({
  id: hostileTaskId,
  status: 'Pending',
  type: 'AccessRequest',
  target: {},
  metadata: {},
});
const chunkBytes = 64 * 1024;

function* bigBody(head: string, filler: number, tail: string): Generator<string> {
  yield head;
  const block = 'x'.repeat(chunkBytes);
  for (let left = filler; left > 0; left -= chunkBytes) {
    yield left >= chunkBytes ? block : block.slice(0, left);
  }
  yield tail;
}

function* hugePage(items: number, item: string): Generator<string> {
  yield '{"data":[';
  const perChunk = Math.max(1, Math.floor(chunkBytes / (item.length + 1)));
  const block = Array.from({ length: perChunk }, () => item).join(',');
  for (let left = items; left > 0; left -= perChunk) {
    const part = left >= perChunk ? block : Array.from({ length: left }, () => item).join(',');
    yield left === items ? part : `,${part}`;
  }
  yield '],"links":{"next":null}}';
}
