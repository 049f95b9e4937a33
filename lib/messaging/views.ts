/**
 * What extension pages (the popup) are shown: plain serialisable views computed by the background.
 * The popup renders these and nothing else; it never sees the token. Schemas and types only: the
 * words the popup shows for them live in lib/popup (labels.ts, words.ts).
 */
import { z } from 'zod';
import { ChoiceSchema } from '../domain/choice';
import { ENTITIES } from '../domain/entities';
import { FoundRecordSchema } from '../domain/find';
import { BlockingFindingSchema, WarningFindingSchema } from '../domain/findings';
import { OUTCOME_GROUPS, type OutcomeGroup } from '../domain/jobs';
import { MAX_PREPARER_NAME } from '../domain/limits';
import { EnvironmentSchema, ViewScopeSchema } from '../domain/schemas';
import { ShownSchema } from '../domain/shown';
import { PREFLIGHT_STATUSES, type PreflightStatus } from '../domain/statuses';
import { JobViewSchema } from './job-view';

export { EnvironmentSchema, PREFLIGHT_STATUSES, type PreflightStatus };

/**
 * One page of an exported audit log (`audit/export`'s answer). The popup asks page after page
 * (`after` = the previous page's `next`) and hands the parts to one Blob: 50,000 entries never
 * become one string. `through`: the highest entry in the export so far (the watermark it saves).
 */
export interface AuditFile {
  filename: string;
  mime: string;
  content: string;
  next?: number;
  through: number;
}

/** The audit log as the popup shows it: its size, what is not exported yet, the retention chosen. */
export const AuditViewSchema = z.object({
  entries: z.number(),
  bytes: z.number(),
  notExported: z.number(),
  /** Keep exported entries this long; undefined: keep everything. */
  keepExportedDays: z.number().optional(),
  /** The log cannot be opened or read: shown, never hidden. */
  error: z.string().optional(),
});
export type AuditView = z.infer<typeof AuditViewSchema>;

export const ConnectionViewSchema = z.object({
  realmId: z.string().optional(),
  environment: EnvironmentSchema,
  hasToken: z.boolean(),
  remember: z.boolean(),
  tokenExpiresAt: z.number().optional(),
  /** The company open in the service's page the selection came from (cookie qbo.currentcompanyid). */
  pageRealmId: z.string().optional(),
  /** CompanyInfo.CompanyName of the connected company (read once from the service, cached). */
  companyName: z.string().optional(),
  /** CompanyInfo.CompanyName of the page's company, when known. */
  pageCompanyName: z.string().optional(),
  /** 'oauth': signed in with Intuit (refreshes itself); 'pasted': an access token pasted by hand. */
  method: z.enum(['oauth', 'pasted']).optional(),
  /** The sign-in was refused on refresh (revoked, expired): "Reconnect". */
  needsReconnect: z.boolean().optional(),
});
export type ConnectionView = z.infer<typeof ConnectionViewSchema>;

/**
 * One counterpart of a linked record, as the preflight read it: the popup says in words what deleting
 * the record does to it ("payment No. 3051 becomes an unapplied credit of $1,200.00").
 */
export const LinkedDetailSchema = z.object({
  entity: z.enum(ENTITIES),
  id: z.string(),
  docNumber: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  /** The amount the link carries on the payment's line (what the payment applies), when known. */
  lineAmount: z.number().optional(),
});
export type LinkedDetail = z.infer<typeof LinkedDetailSchema>;

export const SelectionRowSchema = z.object({
  key: z.string(), // `${Entity}:${Id}`
  entity: z.enum(ENTITIES),
  id: z.string(),
  shownAt: z.number(),
  status: z.enum(PREFLIGHT_STATUSES).optional(), // undefined until a preflight ran
  /** Why it has its status, as facts (the popup words them): every blocking finding, the first one first. */
  blockers: z.array(BlockingFindingSchema).default([]),
  /** The findings that block nothing: linked, inventory, sales tax. */
  warnings: z.array(WarningFindingSchema).default([]),
  txnDate: z.string().optional(),
  docNumber: z.string().optional(),
  party: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  /** What the QuickBooks list showed for the row (raw text): identity before the check, and the cross-check. */
  shown: ShownSchema.optional(),
  /** When the person's tick happened (epoch ms). */
  tickedAt: z.number().optional(),
  /** A linked record's counterparts, when the preflight could read them (absent: say it without them). */
  linked: z.array(LinkedDetailSchema).optional(),
});
export type SelectionRow = z.infer<typeof SelectionRowSchema>;

/**
 * A row the page ticked: a record (its type and Id known), or a row known by what it shows, whose
 * type is known only when the page showed one (its Type column, or a list of one type); absent, no
 * type is made up for it.
 */
export const PageTickedRowViewSchema = SelectionRowSchema.extend({ entity: z.enum(ENTITIES).optional() });
export type PageTickedRowView = z.infer<typeof PageTickedRowViewSchema>;

// A job's view (its records, counts and wait): ./job-view.ts.
export { JOB_STATES, type JobRecordView, JobRecordViewSchema, type JobView, JobViewSchema } from './job-view';
// The restore's view: ./restore-view.ts (the preview a click confirms).
export { type RestoreFilter, RestoreFilterSchema, type RestorePreview } from './restore-view';
export { OUTCOME_GROUPS, type OutcomeGroup };

/** A record that agrees with every field a row shows (lib/resolve): what tells candidates apart. */
export const CandidateViewSchema = FoundRecordSchema;
export type CandidateView = z.infer<typeof CandidateViewSchema>;

export const UNRESOLVED_STATUSES = ['identifying', 'notFound', 'ambiguous', 'unreadable'] as const;
export const UnresolvedRowSchema = z.object({
  rowKey: z.string(),
  shown: ShownSchema,
  tickedAt: z.number(),
  status: z.enum(UNRESOLVED_STATUSES),
  candidates: z.array(CandidateViewSchema).default([]),
});
export type UnresolvedRow = z.infer<typeof UnresolvedRowSchema>;

/** Why a page's ticked rows were not read, and how many were (page-issues.ts). */
const UNREAD_WHY = {
  read: z.number().optional(),
  noDate: z.number().optional(),
  noAmount: z.number().optional(),
  bankTabUnknown: z.literal(true).optional(),
};

export const PopupStateSchema = z.object({
  version: z.number(),
  connection: ConnectionViewSchema,
  selection: z.array(SelectionRowSchema),
  preflight: z.object({ at: z.number(), running: z.boolean(), error: z.string().optional() }).optional(),
  job: JobViewSchema.optional(),
  /** A message for the user (e.g. a refused start because of a company mismatch). */
  notice: z.object({ level: z.enum(['info', 'error']), text: z.string() }).optional(),
  /**
   * Rows ticked on a page with no gesture of the person (page script, or ticked when the page
   * loaded): shown apart as "Ticked by the page, not by you", never deleted unless added.
   */
  pageTicked: z.array(PageTickedRowViewSchema).default([]),
  /** What the QuickBooks pages told us that the person must act on. */
  pageIssues: z
    .object({
      /** A tab still shows another company than QuickBooks has open now (or than the connected one). */
      staleTab: z
        .object({ url: z.string(), title: z.string().optional(), text: z.string(), at: z.number() })
        .optional(),
      /** The page's own counter claims more selected rows than the collector saw (virtualized lists). */
      counter: z.object({ url: z.string(), claimed: z.number(), seen: z.number(), at: z.number() }).optional(),
      /**
       * Ticked checkboxes in rows the collector cannot read; `skeleton` is the text "Copy page structure"
       * copies; `read` the ticked rows it did read there; why: rows with no date, no amount, a bank-feed tab not told.
       */
      unreadable: z
        .object({ url: z.string(), tickedBoxes: z.number(), skeleton: z.string(), at: z.number() })
        .extend(UNREAD_WHY)
        .optional(),
      /** Bank lines ticked on the bank feed's Pending tab: not transactions, never collected. */
      bankLines: z.object({ url: z.string(), count: z.number(), at: z.number() }).optional(),
    })
    .optional(),
  /**
   * Ticked rows known by what they show that are not (yet) one record: being identified, not found
   * in QuickBooks, or several records agree ("Can't tell which transaction": the person picks one).
   * Never deleted; they are not in the selection.
   */
  unresolved: z.array(UnresolvedRowSchema).default([]),
  /** The company's last finished runs, kept after "Done" (most recent first). */
  recentRuns: z.array(JobViewSchema).default([]),
  audit: AuditViewSchema.optional(),
  /** The person's name on the reports ("Ran by"): "" when the person gave none; absent until asked. */
  preparer: z.string().max(MAX_PREPARER_NAME).optional(),
  /** Every connected company (one connection per company and environment), most recent first. */
  connections: z
    .array(
      z.object({
        realmId: z.string(),
        environment: EnvironmentSchema,
        method: z.enum(['oauth', 'pasted']),
        needsReconnect: z.boolean(),
        hasToken: z.boolean(),
        companyName: z.string().optional(),
        /** Disconnected here; kept only until Intuit confirms the revoke. */
        disconnecting: z.boolean().optional(),
        /** A sign-in that ended here could not be revoked at Intuit: "Try again". */
        revokePending: z.boolean().optional(),
        /** A sign-in that ended here cannot be revoked by Safe Delete: said how to end it in QuickBooks. */
        endInQuickBooks: z.boolean().optional(),
      }),
    )
    .default([]),
  /**
   * What this view shows: its company and a stamp of its selection as checked. A start or a
   * selection change sends it back; the background refuses the click when it would act on anything
   * else.
   */
  scope: ViewScopeSchema.optional(),
  /** What the click does, the selection's (lib/domain/choice.ts); absent: delete, no opt-in. */
  choice: ChoiceSchema.optional(),
  /**
   * The companies whose data this device keeps, connected or not, for "Erase this company's local
   * data": their audit entries (the only copy of deleted records) and jobs.
   */
  localData: z
    .array(
      z.object({
        realmId: z.string(),
        environment: EnvironmentSchema,
        companyName: z.string().optional(),
        connected: z.boolean(),
        auditEntries: z.number(),
        notExported: z.number(),
        jobs: z.number(),
        /** A job of this company is running (or paused): nothing of it may be erased. */
        jobActive: z.boolean(),
      }),
    )
    .optional(),
  /**
   * Other companies with something in hand: a selection, or a deletion running or paused. The view
   * shows one company (the client in view); these are named at its top, so nothing of another
   * client is out of sight.
   */
  elsewhere: z
    .array(
      z.object({
        realmId: z.string(),
        environment: EnvironmentSchema,
        companyName: z.string().optional(),
        selected: z.number(),
        jobActive: z.boolean(),
      }),
    )
    .optional(),
  /** Stored jobs whose entry cannot be read (damaged): they never run; the view says so. */
  unreadableJobs: z.number().int().positive().optional(),
});
export type PopupState = z.infer<typeof PopupStateSchema>;
export type ElsewhereView = NonNullable<PopupState['elsewhere']>[number];
export type CompanyDataView = NonNullable<PopupState['localData']>[number];
