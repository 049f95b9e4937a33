/**
 * Reads one transaction link, `/app/<slug>?txnId=<Id>`, from the web app's markup. The path may carry
 * the cluster prefix `/c<N>/app/…` (the rule is isWebAppPath's, lib/domain/web-app.ts) and the query
 * other parameters (`&jobId=accounting`): neither changes the slug or the Id. The query string
 * is parsed with URL/URLSearchParams (so `?&txnId=` works); the slug maps through entityFromSlug and
 * the Id must pass isValidId. Anything else is refused with a reason the collector counts.
 *
 * Speed: a 10,000-row page spends most of its scan in `new URL()` + `searchParams`, so the common
 * shape — `/app/<slug>?txnId=<digits>` or `?&txnId=`, path-absolute or prefixed with the page's own
 * origin, and nothing else — is read with one precompiled regex (FAST_LINK). Only a link that
 * matches it AND is accepted takes that path; every other href (and every refusal) goes through the
 * full URL parse, so both paths give the same answer (tests/collect/link-fast-path.test.ts).
 */

import { type Entity, isValidId } from '../domain/entities';
import { recordKey } from '../domain/record-key';
import { appSlugOf, entityFromSlug } from '../domain/web-app';

export type LinkRefusal =
  | 'malformed-url'
  | 'other-origin' // another site, another web-app host, javascript: ...
  | 'not-transaction-path' // not `/app/<slug>` nor `/c<N>/app/<slug>`
  | 'unknown-slug'
  | 'missing-id'
  | 'ambiguous-id' // txnId given more than once
  | 'invalid-id'; // not 1..20 ASCII digits without a leading zero

export type ParsedLink = { ok: true; entity: Entity; id: string; key: string } | { ok: false; reason: LinkRefusal };

/**
 * The common link, after the origin prefix (if any) is removed. No whitespace, `%`, `\`, dots,
 * fragment or other parameter can match, so resolving it against an http(s) page gives exactly
 * pathname `/app/<slug>` (or `/c<N>/app/<slug>`, the same prefix rule as isWebAppPath) and the
 * single query parameter `txnId=<digits>`.
 */
const FAST_LINK = /^(?:\/c[1-9][0-9]{0,2})?\/app\/([a-z]+)\?&?txnId=([0-9]{1,20})$/;

/** The key used across the extension for one transaction: `${Entity}:${Id}`. */
export function selectionKey(entity: Entity, id: string): string {
  return recordKey(entity, id);
}

/** The full parse: `href` resolved against the page's URL (whose origin is `pageOrigin`). */
export function parseTxnLinkByUrl(href: string, page: URL, pageOrigin: string = page.origin): ParsedLink {
  let url: URL;
  try {
    url = new URL(href, page);
  } catch {
    return { ok: false, reason: 'malformed-url' };
  }
  const origin = url.origin;
  if (origin !== pageOrigin || origin === 'null') return { ok: false, reason: 'other-origin' };
  const slug = appSlugOf(url.pathname);
  if (slug === undefined) return { ok: false, reason: 'not-transaction-path' };
  const entity = entityFromSlug(slug);
  if (!entity) return { ok: false, reason: 'unknown-slug' };
  const ids = url.searchParams.getAll('txnId');
  if (ids.length === 0) return { ok: false, reason: 'missing-id' };
  if (ids.length > 1) return { ok: false, reason: 'ambiguous-id' };
  const id = ids[0];
  if (!isValidId(id)) return { ok: false, reason: 'invalid-id' };
  return { ok: true, entity, id, key: selectionKey(entity, id) };
}

/**
 * The fast path alone: the accepted link for the common shape, or undefined (then the full parse
 * decides). `originSlash` is the page's origin followed by `/`, or '' when the page is not an
 * http(s) page (its links always take the full parse).
 */
export function parseTxnLinkFast(href: string, originSlash: string): ParsedLink | undefined {
  if (originSlash === '') return undefined;
  let path = href;
  if (href.charCodeAt(0) !== 47 /* / */) {
    if (!href.startsWith(originSlash)) return undefined;
    path = href.slice(originSlash.length - 1);
  }
  const m = FAST_LINK.exec(path);
  if (m === null) return undefined;
  const entity = entityFromSlug(m[1] as string);
  const id = m[2] as string;
  if (!entity || !isValidId(id)) return undefined;
  return { ok: true, entity, id, key: selectionKey(entity, id) };
}

/** What the fast path needs from the page (`originSlash` above), computed once per scan. */
export function fastLinkPrefix(page: URL): string {
  return page.protocol === 'https:' || page.protocol === 'http:' ? `${page.origin}/` : '';
}

/**
 * A parser bound to one page: each `href` as written in the page, resolved against the page's own URL
 * (only same-origin links count); the page's origin is read once, not once per link.
 */
export function txnLinkParser(page: URL): (href: string) => ParsedLink {
  const origin = page.origin;
  const originSlash = fastLinkPrefix(page);
  return (href) => parseTxnLinkFast(href, originSlash) ?? parseTxnLinkByUrl(href, page, origin);
}
