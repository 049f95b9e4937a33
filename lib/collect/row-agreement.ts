/**
 * Whether a transaction link in a row is the row's own Id: only when it agrees with what the row
 * shows. A row may link a RELATED record (an invoice's payment in its status cell, the record a bank
 * line was matched to): service-facts "The web app's pages" says a link is the row's only if it agrees
 * with the row. The row's type is its Type column's text where its grid shows one (registers, the
 * Sales and Expenses lists), else the types its list holds (the Invoices list: Invoice only). A Type
 * text the extension cannot name (entityOfShownType) contradicts nothing; a page whose types are not
 * known (a customer's page) takes the link as today. A link that does not agree is counted as
 * `related-record` and the row, if no link of its own is found, is known by what it shows.
 * Cost: one read of the row's shown cells per linked row, headers mapped once per grid per scan.
 */
import type { Entity } from '../domain/entities';
import type { Shown } from '../domain/shown';
import { entityOfShownType } from '../domain/shown-type';
import { pageEntities } from './row-keys';

/** `(row, entity) → agrees`: bound to one page and one scan's shown reader. */
export type LinkAgreement = (row: Element, entity: Entity) => boolean;

export function createLinkAgreement(url: string, read: (el: Element) => Shown | undefined): LinkAgreement {
  const listed = pageEntities(url);
  return (row, entity) => {
    const type = read(row)?.type;
    const shown = type === undefined ? undefined : entityOfShownType(type);
    if (shown !== undefined) return shown === entity;
    return listed === undefined || listed.includes(entity);
  };
}
