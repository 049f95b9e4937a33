/**
 * Whether a transaction link in a row is the row's own Id: only when it agrees with what the row
 * shows. A row may link a RELATED record (an invoice's payment in its status cell, the record a bank
 * line was matched to): service-facts "The web app's pages" says a link is the row's only if it agrees
 * with the row. The row's type is its Type column's text where its grid shows one (registers, the
 * Sales and Expenses lists), else the types its list holds (the Invoices list: Invoice only). A Type
 * text the extension cannot name (entityOfShownType) contradicts nothing; a page whose types are not
 * known (a customer's page) takes the link as before. A link that does not agree is counted as
 * `related-record` and the row, if no link of its own is found, is known by what it shows.
 * Cost: the list's types are checked for every link (no read); the row's cells are read only for a
 * ticked row and for a row found related at the last scan (`recheck`, so its untick is seen): an
 * unticked row is never reported, and a 10,000-row page is not read row by row.
 */
import type { Entity } from '../domain/entities';
import type { Shown } from '../domain/shown';
import { entityOfShownType } from '../domain/shown-type';
import { pageEntities } from './row-keys';

/** `(row, entity, ticked) → agrees`: bound to one page and one scan's shown reader. */
export type LinkAgreement = (row: Element, entity: Entity, ticked: boolean) => boolean;

export function createLinkAgreement(
  url: string,
  read: (el: Element) => Shown | undefined,
  recheck: ReadonlySet<Element> = new Set(),
): LinkAgreement {
  const listed = pageEntities(url);
  const ofList = (entity: Entity) => listed === undefined || listed.includes(entity);
  return (row, entity, ticked) => {
    if (!ticked && !recheck.has(row)) return ofList(entity);
    const type = read(row)?.type;
    const shown = type === undefined ? undefined : entityOfShownType(type);
    return shown !== undefined ? shown === entity : ofList(entity);
  };
}
