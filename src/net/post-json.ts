/**
 * One POST of a JSON body, for Slack's `response_url`, on got like every other call accessbot
 * makes itself. Bolt's own `respond` does not reach most of these posts: a busy note is sent
 * before any listener runs, and the request form answers through the slash command's URL long
 * after the command. One try (the caller decides on another), no redirects (a 3xx is only a
 * status), a time limit on the whole exchange; the answer's body is read and dropped.
 */
import got from 'got';

export interface PostAnswer {
  status: number;
  retryAfter: string | undefined;
}

const poster = got.extend({ retry: { limit: 0 }, followRedirect: false, throwHttpErrors: false });

/** Rejects with got's error when no whole answer came, or none within `timeoutMs`. */
export async function postJson(url: URL, body: unknown, timeoutMs: number): Promise<PostAnswer> {
  const answer = await poster.post(url, { json: body, timeout: { request: timeoutMs } });
  return { status: answer.statusCode, retryAfter: answer.headers['retry-after'] };
}
