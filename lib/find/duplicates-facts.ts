/**
 * Why a record of a duplicate group must stay, decided by the preflight's own checks on the read
 * JSON (lib/preflight/checks: reconciled, linked, deposited), never re-written here:
 *
 * - reconciled: membership of the cleared=Reconciled TransactionList (R2) through the preflight's
 *   check; a record whose date the report did not cover (or that has no date) is 'unverifiable' and
 *   stays too: never propose on a guess;
 * - linked: the linked check (links in either place, and uses that leave no link: a used credit, a
 *   billed time activity);
 * - deposited: the deposited check (the record names its Deposit), or a Deposit read in the scan
 *   whose lines name it (a real Payment does not always name its deposit: service-facts "Where links
 *   live"), read with the same link reader.
 *
 * Bank-feed matches are not here: nothing the API returns says a record was matched to a bank-feed
 * line (see ./duplicates-source.ts), so that keep-rule cannot be applied and is skipped.
 */
import type { Entity } from '../domain/entities';
import { recordKey } from '../domain/record-key';
import { deposited } from '../preflight/checks/deposited';
import { linked } from '../preflight/checks/linked';
import { reconciled } from '../preflight/checks/reconciled';
import type { ReconciledIndex, RecordCheckInput } from '../preflight/types';
import { recordLinks } from '../qbo/links';
import type { TxnRecord } from '../qbo/outcomes';

/** What keeps a record from being proposed, most important first. */
export const PROTECTIONS = ['reconciled', 'unverifiable', 'linked', 'deposited'] as const;
export type Protection = (typeof PROTECTIONS)[number];

/** Every `Entity:Id` the given Deposits' lines (or top level) name. */
export function depositedKeys(deposits: readonly TxnRecord[]): Set<string> {
  const keys = new Set<string>();
  for (const deposit of deposits) {
    if (deposit.entity !== 'Deposit') continue;
    for (const link of recordLinks(deposit)) keys.add(recordKey(link.txnType, link.txnId));
  }
  return keys;
}

/** The record's protections, in PROTECTIONS order; empty when it may be proposed. */
export function protectionsOf(
  record: TxnRecord,
  index: ReconciledIndex,
  onDeposits: ReadonlySet<string> = new Set(),
): Protection[] {
  const input: RecordCheckInput = {
    item: { entity: record.entity as Entity, id: record.id, shownAt: 0 },
    record,
    bookCloseDate: undefined,
    reconciled: index,
  };
  const found = new Set<Protection>();
  const r = reconciled.run(input);
  if (r?.status === 'reconciled') found.add('reconciled');
  else if (r) found.add('unverifiable');
  if (linked.run(input)) found.add('linked');
  if (deposited.run(input) || onDeposits.has(recordKey(record.entity, record.id))) found.add('deposited');
  return PROTECTIONS.filter((p) => found.has(p));
}
