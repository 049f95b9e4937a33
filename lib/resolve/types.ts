/**
 * The row resolver's contract: a ticked row with no transaction Id in its markup is known
 * by what it shows; the resolver reads, per entity type and date window, every record of that window
 * (R4: counted and paged, an incomplete set is a failure, never a guess) and accepts a record only
 * when EVERY field the row shows agrees and exactly one record does.
 */
import type { Entity } from '../domain/entities';
import type { Shown } from '../domain/shown';
import type { CallFailure } from '../qbo/outcomes';

/** One row to resolve. */
export interface RowToResolve {
  rowKey: string;
  shown: Shown;
  /** The types the page lists, when the row has no Type column (an Invoices list: ['Invoice']). */
  entities?: readonly Entity[];
  /**
   * How many rows of its list showed exactly what it shows, itself included (lib/collect/row-keys.ts).
   * Two or more: the row names no single record, whatever the books hold when it is resolved.
   */
  alike?: number;
  /**
   * The digits of the row's own id in the page's markup (a register's `dgrid_0-row-<digits>`): maybe
   * the transaction's Id, maybe a row counter. Read by Id and kept only when that record agrees with
   * every field shown (./row-ids.ts); otherwise the row is resolved by what it shows.
   */
  idHint?: string;
}

/** A record that agrees with what a row shows: enough for the person to tell candidates apart. */
export interface Candidate {
  entity: Entity;
  id: string;
  number?: string;
  /** TxnDate, YYYY-MM-DD. */
  date?: string;
  name?: string;
  amount?: number;
  currency?: string;
  memo?: string;
  /** MetaData.CreateTime as the service sent it. */
  createdAt?: string;
  /** MetaData.LastUpdatedTime as the service sent it. */
  updatedAt?: string;
}

export type RowResolution =
  /** Exactly one record agrees with every shown field. */
  | { kind: 'match'; candidate: Candidate }
  /** No record agrees. */
  | { kind: 'none' }
  /**
   * Several agree, or the page showed the row among identical rows (then even one agreeing record,
   * or its twin, may be what remains): the person picks (nothing is guessed, nothing ambiguous is deleted).
   */
  | { kind: 'several'; candidates: Candidate[] }
  /** What the row shows cannot be read (no date or amount, an unknown type): why, in data. */
  | { kind: 'unreadable'; field: keyof Shown | 'type' }
  /** A read the answer depends on failed: nothing is concluded. */
  | { kind: 'failed'; failure: CallFailure };

/**
 * Reads every record of one entity with TxnDate in [from, to] (YYYY-MM-DD, both included), counted
 * and paged (R4). `raw` is the record's JSON as the service sent it.
 */
export type WindowReader = (
  entity: Entity,
  from: string,
  to: string,
) => Promise<{ kind: 'ok'; records: unknown[] } | CallFailure>;
