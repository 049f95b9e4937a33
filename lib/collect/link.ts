/**
 * Reads one transaction link, `/app/<slug>?txnId=<Id>`, from the web app's markup. The query string
 * is parsed with URL/URLSearchParams (so `?&txnId=` works); the slug maps through entityFromSlug and
 * the Id must pass isValidId. Anything else is refused with a reason the collector counts.
 */
import { type Entity, entityFromSlug, isValidId } from '../qbo/entities';

export type LinkRefusal =
  | 'malformed-url'
  | 'other-origin' // another site, another web-app host, javascript: ...
  | 'not-transaction-path' // not `/app/<slug>`
  | 'unknown-slug'
  | 'missing-id'
  | 'ambiguous-id' // txnId given more than once
  | 'invalid-id'; // not 1..20 ASCII digits without a leading zero

export type ParsedLink = { ok: true; entity: Entity; id: string; key: string } | { ok: false; reason: LinkRefusal };

const APP_PATH = /^\/app\/([^/]+)$/;

/** The key used across the extension for one transaction: `${Entity}:${Id}`. */
export function selectionKey(entity: Entity, id: string): string {
  return `${entity}:${id}`;
}

/** `href` as written in the page, resolved against the page's own URL; only same-origin links count. */
export function parseTxnLink(href: string, page: URL): ParsedLink {
  let url: URL;
  try {
    url = new URL(href, page);
  } catch {
    return { ok: false, reason: 'malformed-url' };
  }
  if (url.origin !== page.origin || url.origin === 'null') return { ok: false, reason: 'other-origin' };
  const slug = APP_PATH.exec(url.pathname)?.[1];
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
