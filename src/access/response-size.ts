/**
 * A got handler that stops reading a response body past `maxBytes`. got reports a
 * `downloadProgress` with `total` (the Content-Length) as soon as the headers arrive, so a
 * declared oversize body is refused before its first byte; a chunked body is counted as it
 * arrives and cut off at the bound. Either way the request is aborted and the call fails with
 * `ResponseTooLargeError`. Bodies are read undecompressed (`decompress: false` on the instance),
 * so the bytes counted are the bytes held: a small compressed body cannot unpack into gigabytes.
 */
import type { HandlerFunction, Progress, RequestPromise } from 'got';
import type { EndpointName } from './endpoints.ts';
import { ResponseTooLargeError } from './errors.ts';

export function responseSizeLimit(maxBytes: number): HandlerFunction {
  return (options, next) => {
    const controller = new AbortController();
    options.signal = controller.signal;
    let over = false;
    const result = next(options);
    // This instance never asks for streams, so `next` gives the promise form.
    (result as RequestPromise).on('downloadProgress', ({ transferred, total }: Progress) => {
      if (over || Math.max(transferred, total ?? 0) <= maxBytes) return;
      over = true;
      controller.abort();
    });
    return (async () => {
      try {
        return await result;
      } catch (error) {
        if (!over) throw error;
        throw new ResponseTooLargeError(options.context.endpoint as EndpointName, maxBytes);
      }
    })();
  };
}
