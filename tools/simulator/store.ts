/**
 * The simulator's data: companies, their records, bearer tokens and the ground truth of applied
 * deletes. Pure in-memory state; the HTTP layer and the control surface both work through it.
 *
 * Decisions where the documents are silent:
 * - A record's reconciliation status is internal (`cleared`): it never appears in the entity JSON,
 *   as in the service, where it is visible only through the TransactionList report's filter.
 * - Deletes do not cascade: deleting a Deposit leaves its Payments' links to it in place (the payment
 *   then counts as no longer deposited, since its Deposit is gone); deleting an Invoice leaves the
 *   Payment that paid it untouched.
 * - Re-seeding an existing realmId replaces its records and ground truth; its tokens stay valid.
 * - `removeRecord` (another user's delete) makes the record vanish without counting as applied.
 */
import { randomBytes } from 'node:crypto';
import type { ReferenceType } from './api';
import { metaTime } from './clock';
import type { Entity } from './service-names';

export type ClearedStatus = 'uncleared' | 'cleared' | 'reconciled';

export interface StoredRecord {
  entity: Entity;
  id: string;
  /** The entity JSON exactly as the API returns it. */
  json: Record<string, unknown>;
  cleared: ClearedStatus;
}

export interface Company {
  realmId: string;
  /** CompanyInfo.CompanyName. */
  companyName: string;
  records: Map<string, StoredRecord>;
  /** key → number of deletes the service APPLIED (R5 ground truth: never above 1). */
  applied: Map<string, number>;
  bookCloseDate?: string;
  /** Customers, vendors, employees, items and accounts the records may reference (./refs.ts). */
  refs: Map<string, RefRecord>;
  /** key → number of creates the service APPLIED (one per created record, never above 1). */
  created: Map<string, number>;
  /** key → number of voids the service APPLIED to the record. */
  voided: Map<string, number>;
  /** requestid → the original answer of a write (./idempotency.ts). */
  requests: Map<string, StoredAnswer>;
  /** Highest transaction Id ever used: new records get a higher one (deleted Ids never come back). */
  maxId: number;
}

/** A reference entity (name list or account): only its existence and `Active` matter to creates. */
export interface RefRecord {
  type: RefType;
  id: string;
  name: string;
  active: boolean;
  /** Deleted names stay in the books as "(deleted)" and inactive (the service never purges them). */
  deleted: boolean;
  /** An Item's `Type` as the service lists it (absent: "Service"); other refs have none. */
  itemType?: ItemType;
}

/** The kinds of Item the simulator models (the service has more: Category, Group, …). */
export type ItemType = 'Inventory' | 'Service' | 'NonInventory';

export type RefType = ReferenceType;

/** A write's answer kept under its requestid: replayed as is. */
export interface StoredAnswer {
  status: number;
  body: string;
  contentType: string;
}

export interface TokenInfo {
  realmId: string;
  issuedAt: number;
  expired: boolean;
  /** OAuth access tokens: absolute expiry on the injected clock (control tokens use tokenLifetimeMs). */
  expiresAt?: number;
  /** Revoked at the authorization server (the API answers 401 "Token invalid or revoked"). */
  revoked?: boolean;
}

export function recordKey(entity: Entity, id: string): string {
  return `${entity}:${id}`;
}

export function createStore(now: () => number) {
  const companies = new Map<string, Company>();
  const tokens = new Map<string, TokenInfo>();
  let tokenCounter = 0;

  const company = (realmId: string): Company => {
    const found = companies.get(realmId);
    if (!found) throw new Error(`unknown company ${realmId}`);
    return found;
  };

  const live = (realmId: string, key: string): StoredRecord => {
    const rec = company(realmId).records.get(key);
    if (!rec) throw new Error(`no live record ${key} in company ${realmId}`);
    return rec;
  };

  return {
    companies,
    tokens,
    company,
    findCompany: (realmId: string): Company | undefined => companies.get(realmId),

    putCompany(
      realmId: string,
      records: StoredRecord[],
      bookCloseDate: string | undefined,
      companyName: string,
    ): Company {
      const c: Company = {
        realmId,
        companyName,
        records: new Map(),
        applied: new Map(),
        bookCloseDate,
        refs: new Map(),
        created: new Map(),
        voided: new Map(),
        requests: new Map(),
        maxId: 0,
      };
      for (const r of records) {
        c.records.set(recordKey(r.entity, r.id), r);
        c.maxId = Math.max(c.maxId, Number(r.id) || 0);
      }
      companies.set(realmId, c);
      return c;
    },

    issueToken(realmId: string): string {
      company(realmId);
      tokenCounter += 1;
      const token = `sim-${realmId}-${tokenCounter.toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
      tokens.set(token, { realmId, issuedAt: now(), expired: false });
      return token;
    },

    /**
     * An OAuth access token: opaque (shaped like the service's JWE tokens, about 900 characters, no
     * realmId inside), living until `expiresAt` on the injected clock.
     */
    issueAccessToken(realmId: string, expiresAt: number): string {
      company(realmId);
      const b64 = (n: number) => randomBytes(n).toString('base64url');
      const token = `eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0..${b64(16)}.${b64(640)}.${b64(16)}`;
      tokens.set(token, { realmId, issuedAt: now(), expired: false, expiresAt });
      return token;
    },

    expireToken(token: string): void {
      const info = tokens.get(token);
      if (info) info.expired = true;
    },

    revokeToken(token: string): void {
      const info = tokens.get(token);
      if (info) info.revoked = true;
    },

    /** Why a presented bearer token is refused, or 'ok'. Control tokens live `defaultLifetimeMs`. */
    tokenStatus(token: string, defaultLifetimeMs: number): 'ok' | 'unknown' | 'revoked' | 'expired' {
      const info = tokens.get(token);
      if (!info) return 'unknown';
      if (info.revoked) return 'revoked';
      const expiresAt = info.expiresAt ?? info.issuedAt + defaultLifetimeMs;
      return info.expired || now() >= expiresAt ? 'expired' : 'ok';
    },

    /** The company a bearer token was issued for, whatever its state (for the request log). */
    tokenRealm(authorization: string | undefined): string | undefined {
      const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
      return match?.[1] ? tokens.get(match[1])?.realmId : undefined;
    },

    /** A live record by entity and Id, or undefined (deleted or never existed). */
    find(realmId: string, entity: Entity, id: string): StoredRecord | undefined {
      return companies.get(realmId)?.records.get(recordKey(entity, id));
    },

    /** A live record by Id alone (Ids are unique across a company's entities). */
    findById(realmId: string, id: string): StoredRecord | undefined {
      for (const r of companies.get(realmId)?.records.values() ?? []) if (r.id === id) return r;
      return undefined;
    },

    /** Applies a delete: the record vanishes and the ground truth counts it. */
    applyDelete(realmId: string, rec: StoredRecord): void {
      const c = company(realmId);
      const key = recordKey(rec.entity, rec.id);
      c.records.delete(key);
      c.applied.set(key, (c.applied.get(key) ?? 0) + 1);
    },

    editRecord(realmId: string, key: string): void {
      const rec = live(realmId, key);
      const token = Number(rec.json.SyncToken ?? '0') + 1;
      const meta = (rec.json.MetaData ?? {}) as Record<string, unknown>;
      rec.json = {
        ...rec.json,
        SyncToken: String(token),
        PrivateNote: `Edited by another user (version ${token})`,
        MetaData: { ...meta, LastUpdatedTime: metaTime(now()) },
      };
    },

    setReconciled(realmId: string, key: string, reconciled: boolean): void {
      live(realmId, key).cleared = reconciled ? 'reconciled' : 'uncleared';
    },

    setBookCloseDate(realmId: string, date: string | undefined): void {
      company(realmId).bookCloseDate = date;
    },

    removeRecord(realmId: string, key: string): void {
      live(realmId, key);
      company(realmId).records.delete(key);
    },
  };
}

export type Store = ReturnType<typeof createStore>;
