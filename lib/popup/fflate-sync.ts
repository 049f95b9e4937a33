/**
 * fflate for the extension's pages, without Web Workers. write-excel-file zips the workbook with
 * fflate's async `zip`, which hands any file over 160 kB (a report of a few hundred records) to a
 * Worker made from a `blob:` URL; the extension's CSP (`script-src 'self'`, wxt.config.ts) refuses
 * such a worker, so the Excel report of a large run would never be made. The build points the
 * bare specifier `fflate` here (wxt.config.ts, resolve.alias); this module takes fflate by its
 * `fflate/browser` path, which the alias leaves alone, and makes `zip` the synchronous one: the
 * report is made on a click, and a few hundred milliseconds of compression is acceptable there.
 */
import {
  type AsyncZipOptions,
  type AsyncZippable,
  type FlateCallback,
  type FlateError,
  type Zippable,
  zipSync,
} from 'fflate/browser';

export * from 'fflate/browser';

/** fflate's `zip`, same signature and an asynchronous callback as its own, compressed on this thread. */
export function zip(data: AsyncZippable, optsOrCb: AsyncZipOptions | FlateCallback, maybeCb?: FlateCallback) {
  const cb = typeof optsOrCb === 'function' ? optsOrCb : maybeCb;
  const opts = typeof optsOrCb === 'function' ? {} : optsOrCb;
  if (typeof cb !== 'function') throw new TypeError('zip: a callback is required');
  let cancelled = false;
  queueMicrotask(() => {
    if (cancelled) return;
    try {
      cb(null, zipSync(data as Zippable, opts));
    } catch (e) {
      cb(e as FlateError, new Uint8Array(0));
    }
  });
  return () => {
    cancelled = true;
  };
}
