/**
 * The content-script protocol: the messages a content script may send, and nothing else, with their
 * replies (the background validates every arrival with ContentMessageSchema and checks the sender
 * first). It lives in lib/messaging beside the extension pages' protocol; lib/collect only reads the
 * DOM and builds these messages. The content script imports nothing but types from here (zod stays
 * out of its bundle); the limits it needs as values are in content-limits.ts.
 *
 * - `page/hello`: sent when the page loads and after every client-side navigation. The background
 *   answers with the company (realmId) QuickBooks has open for this tab right now (the cookie
 *   `qbo.currentcompanyid` of the tab's cookie store; none when the page's address names another
 *   company, lib/background/page-company.ts). The content script keeps it as the page's
 *   company: the company whose rows this page shows.
 * - `selection/report`: the CHANGES to what the bookkeeper ticked, bound to `pageCompany`, the
 *   company the page was loaded (or last navigated) under. The background refuses a report whose
 *   page company differs from the company QuickBooks has open now (a stale tab after a company switch
 *   in another tab) or from the connected company. Never trust a cookie read at report time alone.
 *
 * Provenance: `added` lists only rows the PERSON ticked (a trusted click, key or pointer event on the
 * row, or on the page's own select-all, right before the tick); `tickedAt` is that gesture's time.
 * `pageTicked` lists rows ticked with no gesture (by page script, or already ticked when the page
 * loaded): the popup shows them apart ("Ticked by the page, not by you"), they are never deleted
 * unless the person adds them. A removed row comes back only with a gesture newer than its removal
 * (`tickedAt` > the removal time the background keeps as a tombstone).
 *
 * `shown` is what the list displayed for the row (lib/domain/shown.ts): the preflight compares it with
 * the service's record ("Doesn't match the page").
 *
 * Rows with no transaction Id in their markup (registers, the Invoices list, the bank feed's Posted
 * tab) are reported in `addedRows` / `removedRows`, known by a `rowKey` the content script makes from
 * what the row shows (`row:` + the page's kind + the fields + which of identical rows it is): the
 * background resolves each through the API by what it shows (lib/resolve) and deletes nothing it
 * cannot tell apart. Such rows ticked with no gesture of the person go in `pageTickedRows`, shown
apart like `pageTicked` and never resolved nor deleted unless the person adds them. Ticked
 * bank lines on the bank feed's Pending / For review tab are never collected: `page.bankLines`
 * counts them so the popup can say what they are. `shownAt` (ms since epoch) is when the content
 * script first saw the row: the changed-since-viewed check compares it with LastUpdatedTime.
 * `replace` is always false (a page can never wipe the selection); `snapshot` is true when the
 * message lists every ticked row of the page (first scan, after navigation), otherwise a delta.
 * `page` describes the page itself: its own "N selected" counter when it shows one, how many ticked
 * rows the collector saw, when ticked checkboxes sit in rows it cannot read, a structure
 * skeleton (tags, classes with digits masked, roles, attribute NAMES only: never text or values),
 * and the company's name its header shows (`companyName`: a label, never an identity).
 */
import { z } from 'zod';
import { ENTITIES, isValidId } from '../domain/entities';
import { recordKey } from '../domain/record-key';
import { RealmIdSchema } from '../domain/schemas';
import { ShownSchema } from '../domain/shown';
import { environmentFromHost, isWebAppPath } from '../domain/web-app';
import { MAX_REPORT_ITEMS, MAX_SKELETON_CHARS } from './content-limits';

const MAX_TIME = 8_640_000_000_000_000;
const IdSchema = z.string().max(20).refine(isValidId, 'Id must be 1-20 ASCII digits');
const RealmSchema = RealmIdSchema;
const TimeSchema = z.number().int().min(0).max(MAX_TIME);

const ItemSchema = z.strictObject({ entity: z.enum(ENTITIES), id: IdSchema });
const AddedSchema = z.strictObject({
  entity: z.enum(ENTITIES),
  id: IdSchema,
  shownAt: TimeSchema,
  /** When the trusted gesture that ticked it happened (for pageTicked: when the tick was seen). */
  tickedAt: TimeSchema,
  shown: ShownSchema.optional(),
});

/** A row known by what it shows: `row:` then up to 160 printable ASCII characters. */
export const RowKeySchema = z.string().regex(/^row:[\x21-\x7e]{1,160}$/, 'not a row key');

const AddedRowSchema = z.strictObject({
  rowKey: RowKeySchema,
  shownAt: TimeSchema,
  tickedAt: TimeSchema,
  /** What the row shows: the resolver needs a date and an amount at least. */
  shown: ShownSchema.refine((s) => s.date !== undefined && s.amount !== undefined, 'a date and an amount'),
  /** The types the page lists (an Invoices list: Invoice), when the row has no Type column. */
  entities: z.array(z.enum(ENTITIES)).min(1).max(ENTITIES.length).optional(),
  /** The list showed this many rows exactly like it, itself included: it names no single record. */
  alike: z.number().int().min(2).max(10_000_000).optional(),
  /** A register row's own id's digits: its Id only if that record agrees with the row (lib/resolve/row-ids.ts). */
  idHint: IdSchema.optional(),
});

const PageInfoSchema = z.strictObject({
  /** The page's own "N selected" counter, where it shows one. */
  claimedSelected: z.number().int().min(0).max(10_000_000).optional(),
  /** Ticked transaction rows the collector saw on the page (person's and page's). */
  seenSelected: z.number().int().min(0).max(10_000_000),
  /** Ticked checkboxes the collector could not tie to a transaction row, with the rows' skeleton. */
  unreadable: z
    .strictObject({
      tickedBoxes: z.number().int().min(1).max(10_000_000),
      skeleton: z.string().max(MAX_SKELETON_CHARS),
      /** Of them, rows read that show no date, and rows that show a date but no amount. */
      noDate: z.number().int().min(1).max(10_000_000).optional(),
      noAmount: z.number().int().min(1).max(10_000_000).optional(),
      /** On the bank feed, whose tab could not be told: every ticked row, read or not (it may be a bank line). */
      bankTabUnknown: z.literal(true).optional(),
    })
    .optional(),
  /** Ticked bank lines on the bank feed's For review / Pending / Excluded tab: not transactions, never collected. */
  bankLines: z.number().int().min(1).max(10_000_000).optional(),
  /**
   * The company's name as the page's header shows it (lib/collect/company-name.ts): a label the popup
   * shows before connecting, never who the company is (the cookie's Id stays the key).
   */
  companyName: z.string().min(1).max(200).optional(),
});
export type PageInfo = z.infer<typeof PageInfoSchema>;

const PageUrlFields = {
  pageUrl: z.string().max(4096),
  host: z.string().max(253),
};

function checkPageUrl(data: { pageUrl: string; host: string }, ctx: z.RefinementCtx): void {
  const url = URL.canParse(data.pageUrl) ? new URL(data.pageUrl) : undefined;
  if (url?.protocol !== 'https:' || !isWebAppPath(url.pathname)) {
    ctx.addIssue({ code: 'custom', path: ['pageUrl'], message: 'not a web-app page URL' });
  } else if (url.hostname !== data.host || environmentFromHost(data.host) === undefined) {
    ctx.addIssue({ code: 'custom', path: ['host'], message: 'host is not the page URL’s web-app host' });
  }
}

const DataSchema = z
  .strictObject({
    ...PageUrlFields,
    /** The company the page was loaded (or last navigated) under, from `page/hello`; null if unknown. */
    pageCompany: RealmSchema.nullable(),
    replace: z.literal(false),
    snapshot: z.boolean(),
    added: z.array(AddedSchema).max(MAX_REPORT_ITEMS),
    pageTicked: z.array(AddedSchema).max(MAX_REPORT_ITEMS),
    removed: z.array(ItemSchema).max(MAX_REPORT_ITEMS),
    addedRows: z.array(AddedRowSchema).max(MAX_REPORT_ITEMS).optional(),
    removedRows: z.array(RowKeySchema).max(MAX_REPORT_ITEMS).optional(),
    /** Rows known by what they show, ticked with no gesture of the person (as `pageTicked`). */
    pageTickedRows: z.array(AddedRowSchema).max(MAX_REPORT_ITEMS).optional(),
    page: PageInfoSchema.optional(),
  })
  .superRefine((data, ctx) => {
    checkPageUrl(data, ctx);
    const seen = new Set<string>();
    for (const item of [...data.added, ...data.pageTicked, ...data.removed]) {
      const key = recordKey(item.entity, item.id);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['added'], message: `${key} listed twice` });
      seen.add(key);
    }
    const rowKeys = [
      ...(data.addedRows ?? []).map((r) => r.rowKey),
      ...(data.pageTickedRows ?? []).map((r) => r.rowKey),
      ...(data.removedRows ?? []),
    ];
    for (const key of rowKeys) {
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['addedRows'], message: `${key} listed twice` });
      seen.add(key);
    }
  });

export const SelectionReportSchema = z.strictObject({
  type: z.literal('selection/report'),
  data: DataSchema,
});

export const PageHelloSchema = z.strictObject({
  type: z.literal('page/hello'),
  data: z.strictObject(PageUrlFields).superRefine(checkPageUrl),
});

/** Everything a content script may send. */
export const ContentMessageSchema = z.discriminatedUnion('type', [SelectionReportSchema, PageHelloSchema]);
export type ContentMessage = z.infer<typeof ContentMessageSchema>;

export type SelectionReport = z.infer<typeof SelectionReportSchema>;
export type SelectionReportData = SelectionReport['data'];
export type AddedItem = SelectionReportData['added'][number];
export type RemovedItem = SelectionReportData['removed'][number];
export type AddedRow = NonNullable<SelectionReportData['addedRows']>[number];
export type PageHello = z.infer<typeof PageHelloSchema>;

/** The background's answer to `page/hello` (inside `{ ok: true, data }`). */
export interface PageHelloReply {
  /** The company QuickBooks has open for this tab now; undefined when no company cookie is set. */
  realmId?: string;
}

/**
 * The background's answer to an accepted `selection/report` (inside `{ ok: true, data }`).
 * `refused` lists added keys it did not take because the person removed them in Safe Delete after
 * that tick (tombstones): the content script unticks its own checkboxes for them and forgets that it
 * reported them, so a new tick by the person reports them again. A refused report (stale tab, other
 * company) is `{ ok: false, error }`.
 */
export interface SelectionReportReply {
  selected: number;
  refused: string[];
}
