/**
 * Likely duplicates and what to propose deleting. Pure: records and their
 * protections in (./duplicates-facts.ts decides those with the preflight's checks), groups out.
 *
 * Matching is ./duplicates-match.ts. In each group ONE record is kept by these rules, in order:
 * reconciled, else linked, else deposited, else the earliest created (MetaData.CreateTime, then the
 * lower Id); ties within a rule go to the earliest created too. "Matched to the bank feed" would sit
 * before "earliest created", but nothing the API returns says it, so it is skipped.
 * Every other member is proposed — except that a reconciled, linked or deposited record (or one whose
 * reconciliation could not be checked) is NEVER proposed: it stays beside the kept one (two
 * reconciled: both stay, the rest are proposed). A group left with nothing to propose is not
 * returned, only counted: there is nothing in it to tick.
 */
import type { Entity } from '../domain/entities';
import { type RecordKey, recordKey } from '../domain/record-key';
import type { TxnRecord } from '../qbo/outcomes';
import type { Protection } from './duplicates-facts';
import { DEFAULT_WINDOW_DAYS, type MatchInput, matchDuplicates } from './duplicates-match';
import { isCardCredit, type RecordSource, sourceOf } from './duplicates-source';
import { createdMs, type FoundRecord, foundOf } from './found';

export interface DuplicateCandidate {
  record: TxnRecord;
  /** Why it must stay (./duplicates-facts.ts protectionsOf); empty when it may be proposed. */
  protections: readonly Protection[];
}

/** Why the group's kept record is the one kept. */
export type KeepReason = 'reconciled' | 'linked' | 'deposited' | 'earliestCreated';

/** A member as the side-by-side view shows it: the found record, where it came from, its protections. */
export interface DuplicateMember extends FoundRecord {
  key: RecordKey;
  source: RecordSource;
  protections: Protection[];
  /** 'kept': the one the rules keep; 'protected': stays for its own protections; 'proposed': may go. */
  role: 'kept' | 'protected' | 'proposed';
}

export interface DuplicateGroup {
  entity: Entity;
  /** Which rules joined its records: same amount, name and dates within the window; same number. */
  sameAmount: boolean;
  sameNumber: boolean;
  kept: RecordKey;
  keptBecause: KeepReason;
  /** The kept record first, then the others by date, created, Id. */
  members: DuplicateMember[];
  /** The proposed members' keys, in member order. Never empty. */
  proposed: RecordKey[];
}

export interface DuplicateFindings {
  groups: DuplicateGroup[];
  /** Groups found whose every record stays (kept or protected): nothing to propose. */
  withoutProposal: number;
}

export interface DuplicateOptions {
  /** TxnDates at most this many days apart match (N in, N + 1 out). Default 3. */
  windowDays?: number;
}

/** Decimal Ids compared as numbers, without the precision limits of Number. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

interface Prepared {
  candidate: DuplicateCandidate;
  found: FoundRecord;
  created: number;
}

/** Earliest created first (no CreateTime sorts last), then the lower Id. */
function byCreated(a: Prepared, b: Prepared): number {
  return a.created - b.created || compareIds(a.candidate.record.id, b.candidate.record.id);
}

const KEEP_ORDER: readonly Exclude<KeepReason, 'earliestCreated'>[] = ['reconciled', 'linked', 'deposited'];

function chooseKept(members: readonly Prepared[]): { kept: Prepared; because: KeepReason } {
  const byAge = [...members].sort(byCreated);
  for (const reason of KEEP_ORDER) {
    const kept = byAge.find((m) => m.candidate.protections.includes(reason));
    if (kept) return { kept, because: reason };
  }
  return { kept: byAge[0] as Prepared, because: 'earliestCreated' };
}

function memberOf(prepared: Prepared, role: DuplicateMember['role']): DuplicateMember {
  const { record, protections } = prepared.candidate;
  return {
    ...prepared.found,
    key: recordKey(record.entity, record.id),
    source: sourceOf(record),
    protections: [...protections],
    role,
  };
}

function displayOrder(a: Prepared, b: Prepared): number {
  const da = a.candidate.record.txnDate ?? '';
  const db = b.candidate.record.txnDate ?? '';
  return (da < db ? -1 : da > db ? 1 : 0) || byCreated(a, b);
}

function toMatchInput({ record }: DuplicateCandidate): MatchInput {
  const input: MatchInput = { entity: record.entity, id: record.id };
  if (record.txnDate !== undefined) input.txnDate = record.txnDate;
  if (record.docNumber !== undefined) input.docNumber = record.docNumber;
  if (record.totalAmt !== undefined) input.amount = record.totalAmt;
  if (record.party !== undefined) input.name = record.party;
  if (isCardCredit(record)) input.credit = true;
  return input;
}

/** The groups of likely duplicates among `candidates`, each with its kept record and proposals. */
export function findDuplicateGroups(
  candidates: readonly DuplicateCandidate[],
  options: DuplicateOptions = {},
): DuplicateFindings {
  const matched = matchDuplicates(candidates.map(toMatchInput), options.windowDays ?? DEFAULT_WINDOW_DAYS);
  const groups: DuplicateGroup[] = [];
  let withoutProposal = 0;
  for (const match of matched) {
    const members = match.members.map((i) => {
      const candidate = candidates[i] as DuplicateCandidate;
      const found = foundOf(candidate.record);
      return { candidate, found, created: createdMs(found) ?? Number.POSITIVE_INFINITY };
    });
    const { kept, because } = chooseKept(members);
    const others = members.filter((m) => m !== kept).sort(displayOrder);
    const ordered = [
      memberOf(kept, 'kept'),
      ...others.map((m) => memberOf(m, m.candidate.protections.length > 0 ? 'protected' : 'proposed')),
    ];
    const proposed = ordered.filter((m) => m.role === 'proposed').map((m) => m.key);
    if (proposed.length === 0) {
      withoutProposal += 1;
      continue;
    }
    groups.push({
      entity: kept.candidate.record.entity,
      sameAmount: match.sameAmount,
      sameNumber: match.sameNumber,
      kept: recordKey(kept.candidate.record.entity, kept.candidate.record.id),
      keptBecause: because,
      members: ordered,
      proposed,
    });
  }
  groups.sort((a, b) => {
    const da = a.members.reduce((min, m) => (m.date !== undefined && m.date < min ? m.date : min), '9999-12-31');
    const db = b.members.reduce((min, m) => (m.date !== undefined && m.date < min ? m.date : min), '9999-12-31');
    return da < db ? -1 : da > db ? 1 : compareIds(a.members[0]?.id ?? '', b.members[0]?.id ?? '');
  });
  return { groups, withoutProposal };
}
