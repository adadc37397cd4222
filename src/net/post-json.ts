/**
 * One POST to Slack's `response_url`. Not Bolt's `respond`: a busy note goes before any listener
 * runs, and the request form answers long after the command. One try, no redirects.
 */
import got from 'got';

export interface PostAnswer {
  status: number;
  retryAfter: string | undefined;
}

const poster = got.extend({ retry: { limit: 0 }, followRedirect: false, throwHttpErrors: false });

/** Rejects with got's error when no whole answer came in time. */
export async function postJson(url: URL, body: unknown, timeoutMs: number): Promise<PostAnswer> {
  const answer = await poster.post(url, { json: body, timeout: { request: timeoutMs } });
  return { status: answer.statusCode, retryAfter: answer.headers['retry-after'] };
}
