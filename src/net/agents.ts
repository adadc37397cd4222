/**
 * The connections accessbot keeps open between its requests to a service. Idle ones close after
 * 4 s, before the usual 5 s server-side keep-alive limit, so a request seldom goes out on a
 * connection the server is just closing; the most recently used one is taken first, so the
 * others can idle out when the load drops.
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';

export interface KeepAliveAgents {
  http: HttpAgent;
  https: HttpsAgent;
}

const keepAlive = { keepAlive: true, timeout: 4_000, scheduling: 'lifo' } as const;

export function keepAliveAgents(): KeepAliveAgents {
  return { http: new HttpAgent(keepAlive), https: new HttpsAgent(keepAlive) };
}
