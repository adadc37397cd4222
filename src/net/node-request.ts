/**
 * A request on `node:http(s)` with only the options accessbot's calls use, read off the URL.
 * Node copies a request's options twice (into the request, then the agent's), and got hands it
 * thirty-odd, most of them unset: a measurable share of each call's CPU. Certificates and host
 * names are checked as Node does by default; a URL's user and password are never sent (got
 * turns them into a header itself, and accessbot's URLs carry none).
 */
import {
  type Agent,
  type ClientRequest,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface NodeRequestOptions {
  method?: string | undefined;
  headers?: OutgoingHttpHeaders | readonly string[] | undefined;
  agent?: Agent | boolean | undefined;
}

export function nodeRequest(
  url: URL,
  options: NodeRequestOptions,
  callback?: (response: IncomingMessage) => void,
): ClientRequest {
  const { hostname } = url;
  const lean = {
    protocol: url.protocol,
    // An IPv6 address is written in brackets in a URL, and without them for a connection.
    hostname: hostname.startsWith('[') ? hostname.slice(1, -1) : hostname,
    port: url.port || undefined,
    path: url.pathname + url.search,
    method: options.method,
    headers: options.headers,
    agent: options.agent,
  };
  return (url.protocol === 'https:' ? httpsRequest : httpRequest)(lean, callback);
}
