/** A simulator company and a client on it, for the *.sim.test.ts files. */

import type { Entity } from '../../../lib/domain/entities';
import { createQboClient } from '../../../lib/qbo/client';
import type { QboClient, QboClientOptions, QboFindReads } from '../../../lib/qbo/client-api';
import type { DeleteRequestItem } from '../../../lib/qbo/outcomes';
import type { SeededCompany, Simulator } from '../../../tools/simulator/api';

export function simClient(
  sim: Simulator,
  company: SeededCompany,
  options: Partial<QboClientOptions> = {},
): QboClient & QboFindReads {
  return createQboClient({
    realmId: company.realmId,
    environment: 'sandbox',
    baseUrl: sim.url,
    getToken: () => company.token,
    ...options,
  });
}

export function splitKey(key: string): { entity: Entity; id: string } {
  const [entity, id] = key.split(':');
  return { entity: entity as Entity, id: id ?? '' };
}

/** A delete request for a live record, with its current SyncToken. */
export function deleteItem(sim: Simulator, realmId: string, key: string, bId = key): DeleteRequestItem {
  const { entity, id } = splitKey(key);
  return { bId, entity, id, syncToken: sim.truth(realmId).syncToken(key) ?? '0' };
}

/** A fetch that rewrites JSON answers, like a hostile proxy: for crafting answers the simulator won't give. */
export function tamperingFetch(rewrite: (url: string, json: Record<string, unknown>) => unknown): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const response = await fetch(request);
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return new Response(text, { status: response.status, headers: response.headers });
    }
    const body = JSON.stringify(rewrite(request.url, json as Record<string, unknown>));
    return new Response(body, { status: response.status, headers: response.headers });
  };
}
