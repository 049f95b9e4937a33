/**
 * Company names (CompanyInfo.CompanyName), read once per company from the service and cached in
 * storage.local, so the popup can say WHICH client a delete touches, not only its number. A read
 * needs that company's token; until one is known the popup shows the Id alone. Never blocks a view:
 * `get` answers from the cache and starts a read in the background when asked to.
 */

import { z } from 'zod';
import type { Environment } from '../domain/ids';
import { scopeKey } from '../domain/scope';
import type { QboClient } from '../qbo/client-api';
import type { StorageArea } from '../storage/area';
import { defineItem, readItem, setAside } from '../storage/item';

/** By company key (`production.9341…`): its name and when it was read. */
export const COMPANY_NAMES_ITEM = defineItem('companyNames', {
  schema: z.record(z.string(), z.object({ name: z.string().max(256), at: z.number() })),
  version: 1,
});
const KEY = COMPANY_NAMES_ITEM.key();
type Cache = z.infer<typeof COMPANY_NAMES_ITEM.schema>;

interface Scope {
  realmId: string;
  environment: Environment;
}

export function createCompanyNames(deps: {
  local: StorageArea;
  clientFor: (realmId: string, environment: Environment) => QboClient;
  hasToken: (scope: Scope) => Promise<boolean>;
  onChange: () => void;
  now: () => number;
}) {
  const inFlight = new Set<string>();
  /** A failed read (401, 429, a fault) is not retried on every popup poll: once a minute at most. */
  const lastTry = new Map<string, number>();
  const id = scopeKey;
  async function cache(): Promise<Cache> {
    const stored = await readItem(COMPANY_NAMES_ITEM, deps.local, KEY);
    return stored.kind === 'ok' ? stored.value : {};
  }
  async function fetchName(scope: Scope): Promise<void> {
    const result = await deps.clientFor(scope.realmId, scope.environment).readCompanyInfo();
    if (result.kind !== 'ok') return;
    const stored = await readItem(COMPANY_NAMES_ITEM, deps.local, KEY);
    await setAside(deps.local, KEY, stored);
    const current = stored.kind === 'ok' ? stored.value : {};
    await deps.local.set({
      [KEY]: { ...current, [id(scope)]: { name: result.companyName.slice(0, 256), at: deps.now() } },
    });
    deps.onChange();
  }
  return {
    /** "Erase this company's local data" for a company no longer connected: its name goes too. */
    async forget(scope: Scope): Promise<void> {
      const { [id(scope)]: gone, ...rest } = await cache();
      if (gone) await deps.local.set({ [KEY]: rest });
    },
    /** The cached name; when missing and `load`, reads it (once at a time) for next time. */
    async get(scope: Scope, load = true): Promise<string | undefined> {
      const hit = (await cache())[id(scope)];
      if (hit) return hit.name;
      const recent = deps.now() - (lastTry.get(id(scope)) ?? Number.NEGATIVE_INFINITY) < 60_000;
      if (load && !recent && !inFlight.has(id(scope)) && (await deps.hasToken(scope))) {
        inFlight.add(id(scope));
        lastTry.set(id(scope), deps.now());
        void fetchName(scope)
          .catch(() => undefined)
          .finally(() => inFlight.delete(id(scope)));
      }
      return undefined;
    },
  };
}
