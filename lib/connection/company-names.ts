/**
 * Company names (CompanyInfo.CompanyName), read once per company from the service and cached in
 * storage.local, so the popup can say WHICH client a delete touches, not only its number. A read
 * needs that company's token; until one is known the popup names the company as its QuickBooks page
 * showed it (`pageShowed`, `label`), else by its Id. Never blocks a view: `get` answers from the
 * cache and starts a read in the background when asked to.
 */

import { z } from 'zod';
import type { Environment } from '../domain/ids';
import { scopeKey } from '../domain/scope';
import type { QboClient } from '../qbo/client-api';
import type { StorageArea } from '../storage/area';
import { defineItem, readItem, setAside } from '../storage/item';

/**
 * By company key (`production.9341…`): its name and when it was read (`name`, `at`: the service's),
 * and the name its QuickBooks page showed and when (`shown`: a label until the service's is read).
 * A widening of version 1: every older value reads.
 */
export const COMPANY_NAMES_ITEM = defineItem('companyNames', {
  schema: z.record(
    z.string(),
    z.object({
      name: z.string().max(256).optional(),
      at: z.number().optional(),
      shown: z.object({ name: z.string().max(200), at: z.number() }).optional(),
    }),
  ),
  version: 1,
});
const KEY = COMPANY_NAMES_ITEM.key();
/** The longest page-shown name kept (the content script clips at the same length). */
const MAX_SHOWN_NAME = 100;
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
  // Writes one at a time: a service read and a page's name landing together both stay.
  let writes: Promise<unknown> = Promise.resolve();
  function serial<T>(write: () => Promise<T>): Promise<T> {
    const next = writes.then(write, write);
    writes = next.catch(() => undefined);
    return next;
  }
  async function cache(): Promise<Cache> {
    const stored = await readItem(COMPANY_NAMES_ITEM, deps.local, KEY);
    return stored.kind === 'ok' ? stored.value : {};
  }
  async function fetchName(scope: Scope): Promise<void> {
    const result = await deps.clientFor(scope.realmId, scope.environment).readCompanyInfo();
    if (result.kind !== 'ok') return;
    await serial(async () => {
      const stored = await readItem(COMPANY_NAMES_ITEM, deps.local, KEY);
      await setAside(deps.local, KEY, stored);
      const current = stored.kind === 'ok' ? stored.value : {};
      const entry = { ...current[id(scope)], name: result.companyName.slice(0, 256), at: deps.now() };
      await deps.local.set({ [KEY]: { ...current, [id(scope)]: entry } });
    });
    deps.onChange();
  }
  /** A page's label as the popup shows it: spaces collapsed, no control characters, at most 100 characters. */
  function tidy(text: string): string {
    const name = text
      .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return Array.from(name).slice(0, MAX_SHOWN_NAME).join('').trimEnd();
  }
  return {
    /** "Erase this company's local data" for a company no longer connected: its name goes too. */
    async forget(scope: Scope): Promise<void> {
      await serial(async () => {
        const { [id(scope)]: gone, ...rest } = await cache();
        if (gone) await deps.local.set({ [KEY]: rest });
      });
    },
    /** The service's cached name; when missing and `load`, reads it (once at a time) for next time. */
    async get(scope: Scope, load = true): Promise<string | undefined> {
      const hit = (await cache())[id(scope)];
      if (hit?.name !== undefined) return hit.name;
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
    /**
     * Keeps the name a page of this company showed (its header), as a label: the company is the
     * scope the page's cookie named, never anything the text says. Written only when it changed.
     */
    async pageShowed(scope: Scope, text: string): Promise<void> {
      const name = tidy(text);
      if (name === '') return;
      const changed = await serial(async () => {
        const stored = await readItem(COMPANY_NAMES_ITEM, deps.local, KEY);
        const current = stored.kind === 'ok' ? stored.value : {};
        const entry = current[id(scope)];
        if (entry?.shown?.name === name) return false;
        await setAside(deps.local, KEY, stored);
        await deps.local.set({ [KEY]: { ...current, [id(scope)]: { ...entry, shown: { name, at: deps.now() } } } });
        return true;
      });
      if (changed) deps.onChange();
    },
    /** The company as the popup names it: the service's name once read, else the name its page showed. */
    async label(scope: Scope): Promise<string | undefined> {
      const hit = (await cache())[id(scope)];
      return hit?.name ?? hit?.shown?.name;
    },
  };
}
