/**
 * Words, dates and money for the popup. Everything here is pure: the locale defaults to the user's
 * (Intl picks it when `locale` is undefined) and tests pass one explicitly.
 */

import { ENTITY_LABEL, type Entity } from '../domain/entities';
import type { Environment } from '../domain/ids';
import { formatAmount } from '../domain/values/amount';
import { formatDate, readDates } from '../domain/values/date';
import { formatShownText } from '../domain/values/name';
import { SLUG_TO_ENTITY } from '../domain/web-app';
import type { ConnectionView, JobView, SelectionRow } from '../messaging/views';

export { ENTITY_LABEL };

/** "Invoice 1032", or "Invoice (Id 145)" when the transaction has no number. */
export function describeTxn(entity: Entity, docNumber: string | undefined, id: string): string {
  return docNumber ? `${ENTITY_LABEL[entity]} ${docNumber}` : `${ENTITY_LABEL[entity]} (Id ${id})`;
}

/** "1 transaction", "5,000 transactions" (the number in the user's locale). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

export function formatCount(count: number, locale?: string): string {
  return count.toLocaleString(locale);
}

/** Money and days as every screen and file of the product writes them (lib/domain/values). */
export { formatDate };
export const formatMoney = formatAmount;

/** A clock time ("10:42 AM") for "last checked" lines. */
export function formatTime(at: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(at));
}

/** A duration in plain words: "less than a minute", "about 3 minutes", "about 1 hour 5 minutes". */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `about ${plural(minutes, 'minute')}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${plural(hours, 'hour')}${rest ? ` ${plural(rest, 'minute')}` : ''}`;
}

/** Whole seconds left until `until` (never negative). */
export function secondsUntil(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * Why the runner paused the job on its own, in words (undefined: the person paused it). The reset
 * day is our guess (the next calendar month: Intuit publishes none), so only the day is given.
 */
export function pausedText(paused: JobView['paused'], done: string, locale?: string): string | undefined {
  if (paused?.kind !== 'allowanceUsedUp') return undefined;
  // The screens' one date format ("Dec 1, 2026"), as every other date the person reads.
  const day = formatDate(new Date(paused.resetsAt).toISOString().slice(0, 10), locale);
  return `Paused: Intuit's monthly allowance of reads for this app is used up, so Safe Delete cannot re-check records before changing them and nothing more was ${done}. The allowance resets on ${day}; resume then.`;
}

/** What the job is waiting for, in words; undefined when it is not waiting. */
export function waitText(wait: JobView['wait'], now: number): string | undefined {
  if (!wait) return undefined;
  switch (wait.kind) {
    case 'rateLimit':
      return wait.until === undefined
        ? 'QuickBooks asked us to slow down — continuing shortly. This is normal.'
        : `QuickBooks asked us to slow down — continuing in ${secondsUntil(wait.until, now)} s. This is normal.`;
    case 'pacing':
      return "Going at QuickBooks' pace so it does not have to slow us down. This is normal.";
    case 'tokenNeeded':
      return TOKEN_NEEDED_TEXT;
    case 'verifying':
      // A verification read failed, or did not settle every record: not known yet, never re-sent (R5).
      return `QuickBooks has not confirmed yet whether the last batch took effect. Safe Delete asks again${at(wait.until)} and never sends it twice.`;
    case 'landing':
      return landingText(wait.count ?? 1, wait.until, now);
    case 'outage':
      return `QuickBooks isn't responding. Nothing more is sent until it answers; trying again${at(wait.until)}.`;
  }
}

/**
 * A write whose answer was lost may still be saved by QuickBooks until its deadline: nothing is
 * concluded, and nothing sent again, before it.
 */
function landingText(count: number, until: number | undefined, now: number): string {
  const records = count === 1 ? '1 record' : `${count} records`;
  const minutes = until === undefined ? 3 : Math.max(1, Math.ceil((until - now) / 60_000));
  return `Confirming ${records} QuickBooks may still be saving — up to ${minutes === 1 ? '1 minute' : `${minutes} minutes`}. Nothing is sent again meanwhile.`;
}

/** " at 5:57 PM" (the browser's locale), or nothing when the time is not known. */
function at(until: number | undefined): string {
  return until === undefined ? '' : ` at ${formatTime(until)}`;
}

/** Waits on QuickBooks's answer (an outage, an unconfirmed batch): no time left can be promised. */
export function isOutage(wait: JobView['wait']): boolean {
  return wait?.kind === 'outage' || wait?.kind === 'verifying' || wait?.kind === 'landing';
}

export const TOKEN_NEEDED_TEXT = 'Paused: the access token expired. Paste a new token to resume.';

/** "Token expires in 42 min", "Token expired". */
export function tokenTimeLeft(expiresAt: number, now: number): string {
  const ms = expiresAt - now;
  if (ms <= 0) return 'Token expired';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'Token expires in less than a minute';
  if (minutes < 120) return `Token expires within ${minutes} min`;
  return `Token expires within ${Math.floor(minutes / 60)} h`;
}

export const ENVIRONMENT_LABEL: Record<Environment, string> = { production: 'Production', sandbox: 'Sandbox' };

/**
 * " · Sandbox" after a sandbox company's name, nothing after the real books': a bookkeeper's
 * company is always a production one, and "Production" on screen means nothing to them.
 */
export function sandboxNote(environment: Environment): string {
  return environment === 'sandbox' ? ` · ${ENVIRONMENT_LABEL.sandbox}` : '';
}

/** The service's audit history of one transaction, in the web app of the job's environment. */
export function auditHistoryUrl(environment: Environment, id: string): string {
  const host = environment === 'sandbox' ? 'app.sandbox.qbo.intuit.com' : 'app.qbo.intuit.com';
  return `https://${host}/app/audithistory?txnId=${encodeURIComponent(id)}`;
}

/** The company as a person knows it: "Maple Street Bakery (Id 9130…)", or "Company 9130…". */
export function companyText(c: Pick<ConnectionView, 'companyName' | 'realmId'>): string | undefined {
  if (!c.realmId) return undefined;
  return c.companyName ? `${c.companyName} (Id ${c.realmId})` : `Company ${c.realmId}`;
}

const ENTITY_SLUG = new Map<Entity, string>();
for (const [slug, entity] of Object.entries(SLUG_TO_ENTITY))
  if (!ENTITY_SLUG.has(entity)) ENTITY_SLUG.set(entity, slug);

/** The transaction's own page in the web app of the environment. */
export function txnUrl(environment: Environment, entity: Entity, id: string): string {
  const host = environment === 'sandbox' ? 'app.sandbox.qbo.intuit.com' : 'app.qbo.intuit.com';
  return `https://${host}/app/${ENTITY_SLUG.get(entity) ?? 'transaction'}?txnId=${encodeURIComponent(id)}`;
}

/**
 * A row's identity as the person knows it: the service's number, date and amount once checked,
 * before that what the QuickBooks list showed (never "Invoice (Id 115)" when the page showed No. 1424).
 */
export function rowIdentity(
  row: SelectionRow,
  locale?: string,
): { name: string; type: string; number: string; date?: string; amount?: string; party?: string } {
  const number = row.docNumber ?? pageText(row.shown?.number);
  const type = ENTITY_LABEL[row.entity];
  return {
    name: number ? `${type} ${number}` : describeTxn(row.entity, undefined, row.id),
    // The type and the number as QuickBooks' lists show them, each in a column of its own.
    type,
    number: number ?? `(Id ${row.id})`,
    date: row.txnDate ? formatDate(row.txnDate, locale) : shownDate(row.shown?.date, locale),
    amount: row.amount !== undefined ? formatMoney(row.amount, row.currency, locale) : pageText(row.shown?.amount),
    party: row.party,
  };
}

/** Raw page text, without control or bidi-override characters; undefined when empty. */
export const pageText = formatShownText;

/**
 * A date as the page showed it, in the one format of every other date on screen ("12/31/2025" is
 * "Dec 31, 2025"); a date that reads two ways ("03/04/2025") or not at all stays as the page wrote it.
 */
export function shownDate(text: string | undefined, locale?: string): string | undefined {
  const days = text === undefined ? undefined : readDates(text);
  return days?.length === 1 && days[0] ? formatDate(days[0], locale) : pageText(text);
}

/** "Nov 25, 2026, 2:31 AM" in the browser's locale. */
export function formatDateTime(at: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
}
