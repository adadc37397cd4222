/**
 * An Access Service answer that can only mean a wrong setting, as one line naming the setting and
 * the fix; an outage gets its own line. Lines carry the base URL, never a credential.
 */
import {
  AccessError,
  InvalidRequestError,
  InvalidResponseError,
  ServiceUnavailableError,
  UnauthorizedError,
  WrongAddressError,
} from '../access/errors.ts';

/** Text from outside, as one bounded line. */
const oneLine = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what goes
  text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').slice(0, 300);

export function wrongSetting(error: unknown, url: string): string | undefined {
  if (!(error instanceof AccessError) || error instanceof ServiceUnavailableError) return undefined;
  const at = `the Access Service at ${url}`;
  const asked = `${error.status ?? 'an answer'} to ${error.endpoint}`;
  if (error instanceof WrongAddressError) {
    return `${at} answered 404 to ${error.endpoint}: is the version prefix, e.g. /api/v1, missing from ACCESS_API_URL?`;
  }
  if (error instanceof UnauthorizedError) {
    return `${at} refused ACCESS_API_KEY and ACCESS_API_SECRET (${asked}): set both to the key and secret the service issued for accessbot`;
  }
  if (error instanceof InvalidRequestError && error.status === 403) {
    return `${at} does not let ACCESS_API_KEY read WorkApps (${asked}): give the key the rights accessbot needs`;
  }
  if (error instanceof InvalidRequestError || error instanceof InvalidResponseError) {
    return `ACCESS_API_URL ${url} does not lead to the Access Service (${oneLine(error.message)}): set it to the service's base URL with its version prefix, e.g. https://access.example.com/api/v1`;
  }
  return undefined;
}

/** No connection at all: what to check in ACCESS_API_URL (a wrong port looks like an outage). */
export function outageReason(error: unknown, url: string): string {
  if (!(error instanceof ServiceUnavailableError)) return `(${oneLine(String(error))})`;
  const { hostname, port, protocol } = new URL(url);
  const address = `${hostname}:${port || (protocol === 'https:' ? 443 : 80)}`;
  // The network's own code for the failed connection, on the client's error (never its text).
  const hint = {
    ECONNREFUSED: `nothing accepts connections at ${address}: unless the service is down, check the host and port in ACCESS_API_URL`,
    ENOTFOUND: `no host ${hostname} is known: check the host in ACCESS_API_URL`,
  }[String((error.cause as { code?: unknown } | undefined)?.code)];
  return `(${oneLine(error.message)})${hint ? `; ${hint}` : ''}`;
}
