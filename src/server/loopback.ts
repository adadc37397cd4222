/** Whether a listen address keeps the server on this machine; unset means every interface. */
import { isIPv4 } from 'node:net';

export function isLoopback(host: string | undefined): boolean {
  if (host === undefined) return false;
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name === '::1') return true;
  const v4 = name.startsWith('::ffff:') ? name.slice('::ffff:'.length) : name;
  return isIPv4(v4) && v4.startsWith('127.');
}
