/**
 * Helpers for the simulator's own tests: plain `fetch` over loopback against a real server.
 */
import type { Entity } from '../../lib/domain/entities';
import { jsonKey } from '../../lib/qbo/entities';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { createManualClock, type ManualClock } from '../support/clock';

export interface Client {
  base: string;
  token: string;
  get(path: string, token?: string): Promise<Response>;
  post(path: string, body: unknown, token?: string): Promise<Response>;
  query(statement: string): Promise<Response>;
  batch(items: unknown[]): Promise<Response>;
  deleteOne(key: string, syncToken?: string | null): Promise<Response>;
}

export function client(sim: Simulator, company: Pick<SeededCompany, 'realmId' | 'token'>): Client {
  const base = `${sim.url}/v3/company/${company.realmId}`;
  const auth = (token?: string) => ({ Authorization: `Bearer ${token ?? company.token}` });
  const c: Client = {
    base,
    token: company.token,
    get: (path, token) => fetch(`${base}${path}`, { headers: auth(token) }),
    post: (path, body, token) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...auth(token), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    query: (statement) => c.get(`/query?query=${encodeURIComponent(statement)}&minorversion=75`),
    batch: (items) => c.post('/batch?minorversion=75', { BatchItemRequest: items }),
    deleteOne: (key, syncToken = '0') => {
      const [entity, id] = splitKey(key);
      const body = syncToken === null ? { Id: id } : { Id: id, SyncToken: syncToken };
      return c.post(`/${entity.toLowerCase()}?operation=delete&minorversion=75`, body);
    },
  };
  return c;
}

export function splitKey(key: string): [Entity, string] {
  const [entity, id] = key.split(':');
  return [entity as Entity, id ?? ''];
}

/** A batch delete item for `key`. */
export function deleteItem(bId: string, key: string, syncToken = '0'): Record<string, unknown> {
  const [entity, id] = splitKey(key);
  return { bId, operation: 'delete', [jsonKey(entity)]: { Id: id, SyncToken: syncToken } };
}

// biome-ignore lint/suspicious/noExplicitAny: test payloads are walked freely; assertions check them
export type Json = Record<string, any>;

export async function json(res: Response): Promise<Json> {
  return (await res.json()) as Json;
}

/** Items of a batch response by bId. */
export function byBId(body: Json): Map<string, Json> {
  return new Map((body.BatchItemResponse as Json[]).map((r) => [r.bId as string, r]));
}

/** The one manual clock of the tests, started at the simulator suites' moment: tests never sleep. */
export function manualClock(start = Date.parse('2025-06-02T17:00:00Z')): ManualClock {
  return createManualClock(start);
}
