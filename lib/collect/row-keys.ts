/**
 * The key of a row known by what it shows (no transaction Id in its markup): `row:` + the page's
 * kind + a digest of its shown fields + `#n` when n identical rows precede it in its list, so two
 * rows identical in every shown field are two keys, and each keeps its key across rescans while the
 * list keeps its order; each row also carries how many rows of its list show exactly what it shows
 * (`alike`), the first of them included. The page's kind keeps registers of two accounts apart (`register.35`).
 * Shown fields are read per row element once and kept while the row's text is unchanged, so a
 * rescan costs one `textContent` per row of a list that holds a ticked row, nothing otherwise.
 */
import type { Entity } from '../domain/entities';
import type { Shown } from '../domain/shown';
import { appSlugOf } from '../domain/web-app';
import { PAGE_ENTITIES } from './layouts';

/** The field order of the digest (never reorder: keys already sent would change). */
const DIGEST_FIELDS = ['date', 'number', 'type', 'name', 'account', 'memo', 'amount', 'amountColumn'] as const;

/** cyrb53: a 53-bit string hash, stable across browsers and runs; 14 hex digits. */
export function digest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

export function shownDigest(shown: Shown): string {
  return digest(JSON.stringify(DIGEST_FIELDS.map((field) => shown[field] ?? null)));
}

/** `register.35`, `invoices`, `banking`: the page's slug (and a register's account), at most 40 chars. */
export function pageKind(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'page';
  }
  const slug =
    (appSlugOf(parsed.pathname) ?? 'page')
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, '')
      .slice(0, 30) || 'page';
  const account = parsed.searchParams.get('accountId') ?? '';
  return /^[0-9]{1,9}$/.test(account) ? `${slug}.${account}` : slug;
}

/** The types a list page shows (its layout's, layouts/), sent with its rows so the resolver queries only those. */
export function pageEntities(url: string): Entity[] | undefined {
  try {
    const slug = appSlugOf(new URL(url).pathname);
    return slug !== undefined && Object.hasOwn(PAGE_ENTITIES, slug) ? PAGE_ENTITIES[slug] : undefined;
  } catch {
    return undefined;
  }
}

export interface KnownRow {
  key: string;
  shown: Shown;
  /** How many rows of its list show exactly this, itself included: two or more name no single record. */
  alike: number;
}

interface Cached {
  text: string;
  shown: Shown | undefined;
  digest: string | undefined;
}

export interface RowKeyer {
  /**
   * Starts a scan: `kind` is the page's, `skip` tells rows known by their link (not counted), `read`
   * gives a row's shown fields, given its text (read once here, so the reader need not read it again).
   */
  begin(kind: string, skip: (el: Element) => boolean, read: (el: Element, text: string) => Shown | undefined): void;
  /** The row's key and what it shows; undefined when it shows nothing readable. */
  keyOf(row: Element): KnownRow | undefined;
}

export function createRowKeyer(): RowKeyer {
  const cache = new WeakMap<Element, Cached>();
  let known = new Map<Element, KnownRow | undefined>();
  let kind = 'page';
  let skip: (el: Element) => boolean = () => false;
  let read: (el: Element, text: string) => Shown | undefined = () => undefined;

  const cached = (el: Element): Cached => {
    const text = el.textContent ?? '';
    const hit = cache.get(el);
    if (hit !== undefined && hit.text === text) return hit;
    const shown = read(el, text);
    const entry = { text, shown, digest: shown === undefined ? undefined : shownDigest(shown) };
    cache.set(el, entry);
    return entry;
  };

  /** Keys every row of `row`'s list at once: `#n` needs the rows before it. */
  const indexList = (row: Element) => {
    const parent = row.parentElement;
    const rows = parent ? parent.children : [row];
    const seen = new Map<string, number>();
    const keyed: [KnownRow, string][] = [];
    for (let i = 0; i < rows.length; i++) {
      const el = rows[i] as Element;
      if (el !== row && skip(el)) continue;
      const { shown, digest: d } = cached(el);
      if (shown === undefined || d === undefined) {
        known.set(el, undefined);
        continue;
      }
      const n = seen.get(d) ?? 0;
      seen.set(d, n + 1);
      const entry = { key: `row:${kind}:${d}${n > 0 ? `#${n}` : ''}`, shown, alike: 1 };
      keyed.push([entry, d]);
      known.set(el, entry);
    }
    // The first of identical rows has no `#n`: each row learns how many the list shows once all are seen.
    for (const [entry, d] of keyed) entry.alike = seen.get(d) ?? 1;
  };

  return {
    begin(pageKindNow, skipNow, readNow) {
      known = new Map();
      kind = pageKindNow;
      skip = skipNow;
      read = readNow;
    },
    keyOf(row) {
      if (!known.has(row)) indexList(row);
      return known.get(row);
    },
  };
}
