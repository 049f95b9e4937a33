/**
 * zod schemas for everything the client reads from the service, besides faults (./fault.ts) and the
 * report (./report-schemas.ts). Objects are loose: the service adds fields freely, and the whole
 * entity object is kept as the pre-delete snapshot.
 */
import { z } from 'zod';

/** A real calendar day YYYY-MM-DD: the one rule every date of the product goes by. */
export { isIsoDate } from '../domain/values/date';

export const RefSchema = z.looseObject({ value: z.string().optional(), name: z.string().optional() });

export const LinkedTxnSchema = z.looseObject({ TxnId: z.string(), TxnType: z.string() });

const LineSchema = z.looseObject({ LinkedTxn: z.array(LinkedTxnSchema).optional() });

/** The entity fields Safe Delete uses. Id and SyncToken are strings; amounts are numbers. */
export const EntitySchema = z.looseObject({
  Id: z.string(),
  SyncToken: z.string(),
  TxnDate: z.string().optional(),
  DocNumber: z.string().optional(),
  TotalAmt: z.number().optional(), // JournalEntry may have none
  CurrencyRef: RefSchema.optional(),
  CustomerRef: RefSchema.optional(),
  VendorRef: RefSchema.optional(),
  EntityRef: RefSchema.optional(), // Purchase
  MetaData: z.looseObject({ CreateTime: z.string().optional(), LastUpdatedTime: z.string().optional() }).optional(),
  LinkedTxn: z.array(LinkedTxnSchema).optional(),
  Line: z.array(LineSchema).optional(),
});
export type EntityJson = z.infer<typeof EntitySchema>;

/**
 * `{"QueryResponse": {"Invoice": [...], "startPosition": 1, "maxResults": 3}}`, `{"QueryResponse": {}}`
 * or, for count(*), `{"QueryResponse": {"totalCount": 42}}`. Rows sit under the entity's jsonKey.
 */
export const QueryResponseSchema = z.looseObject({
  QueryResponse: z.looseObject({
    startPosition: z.number().optional(),
    maxResults: z.number().optional(),
    totalCount: z.number().optional(),
  }),
});

export const PreferencesSchema = z.looseObject({
  Preferences: z.looseObject({
    AccountingInfoPrefs: z.looseObject({ BookCloseDate: z.string().optional() }).optional(),
  }),
});

/** `GET companyinfo/{realmId}` → `{"CompanyInfo": {"CompanyName": "...", "Id": "1", ...}, "time": ...}`. */
export const CompanyInfoSchema = z.looseObject({
  CompanyInfo: z.looseObject({ CompanyName: z.string(), Id: z.string().optional() }),
});

/** What a delete answers under the entity's jsonKey: `{"status": "Deleted", "domain": "QBO", "Id": "33"}`. */
export const DeletedSchema = z.looseObject({ status: z.string(), Id: z.string().optional() });

export const BatchItemResponseSchema = z.looseObject({ bId: z.string() });

export const BatchResponseSchema = z.looseObject({ BatchItemResponse: z.array(z.unknown()) });
