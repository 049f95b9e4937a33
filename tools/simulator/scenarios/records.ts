/**
 * What the seeded scenarios (./index.ts) share: one record built the way the generator builds it
 * (../entity-json.ts), then stamped with the creation time the scenario needs; Ids handed out in
 * creation order, as the service issues them; and the scenario's company handed to the control
 * surface with its ground truth.
 */
import { dateToMs, metaTime } from '../clock';
import { buildEntityJson } from '../entity-json';
import type { Prng } from '../prng';
import type { Entity } from '../service-names';
import type { StoredRecord } from '../store';

/** What a scenario builds: the company's records and the facts its tests are judged by. */
export interface BuiltScenario<T> {
  records: StoredRecord[];
  truth: T;
}

/** Shared by every scenario's options. */
export interface ScenarioBase {
  /** Default: a fresh 13-digit id. */
  realmId?: string;
  /** CompanyInfo.CompanyName; default as `seedCompany` picks it. */
  companyName?: string;
  /** Deterministic generator seed; default 1. */
  seed?: number;
}

export interface Draft {
  entity: Entity;
  txnDate: string;
  /** When the record was created, epoch ms (written as MetaData.CreateTime in the service's -07:00). */
  createdMs: number;
  docNumber: string;
  /** Fields that replace the generated ones (a chosen amount, name, memo, payment type). */
  set?: Record<string, unknown>;
  reconciled?: boolean;
}

/** `2026-11-03T14:00:00-07:00` as epoch ms: the times scenarios name are in the service's zone. */
export function serviceTime(date: string, time: string): number {
  return dateToMs(date) + Date.parse(`1970-01-01T${time}Z`);
}

/**
 * Records from drafts, Ids from `firstId` upwards in creation order (a record created later never has
 * a lower Id, as on the service), LastUpdatedTime = CreateTime, SyncToken "0".
 */
export function buildRecords(drafts: readonly Draft[], rng: Prng, firstId: number): StoredRecord[] {
  const order = drafts.map((d, i) => ({ d, i })).sort((a, b) => a.d.createdMs - b.d.createdMs || a.i - b.i);
  const out: StoredRecord[] = new Array(drafts.length);
  order.forEach(({ d, i }, n) => {
    const id = String(firstId + n);
    const json = buildEntityJson({ entity: d.entity, id, txnDate: d.txnDate, docNumber: d.docNumber, rng });
    const stamp = metaTime(d.createdMs);
    // An undefined value removes the field (a Purchase paid in cash has no DocNumber).
    for (const [field, value] of Object.entries(d.set ?? {})) {
      if (value === undefined) delete json[field];
      else json[field] = value;
    }
    Object.assign(json, { SyncToken: '0', MetaData: { CreateTime: stamp, LastUpdatedTime: stamp } });
    if (typeof json.TotalAmt === 'number' && 'Balance' in json) json.Balance = json.TotalAmt;
    if (typeof json.TotalAmt === 'number' && 'UnappliedAmt' in json) json.UnappliedAmt = json.TotalAmt;
    out[i] = { entity: d.entity, id, json, cleared: d.reconciled ? 'reconciled' : 'uncleared' };
  });
  return out;
}

export const keyOf = (r: StoredRecord): string => `${r.entity}:${r.id}`;
