/**
 * The domain's vocabulary for identifiers, defined once: a company's realm id, a record's
 * Id and SyncToken are 1–20 ASCII digits; environments are production and sandbox. No zod here: the
 * content script imports this and stays small (schemas.ts has the zod forms).
 */

/** A realm id (company), a record Id's digits, a SyncToken: 1–20 ASCII digits. */
export const DIGITS_ID = /^[0-9]{1,20}$/;

export const isRealmId = (value: unknown): value is string => typeof value === 'string' && DIGITS_ID.test(value);

export const isSyncToken = isRealmId;

export const ENVIRONMENTS = ['production', 'sandbox'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
