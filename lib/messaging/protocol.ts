/**
 * One typed map of every message between contexts (webext-core style). Data is checked with zod on
 * arrival; answers are values ({ ok: true, data } | { ok: false, error }) because thrown errors do
 * not cross contexts. Direction decides who may send: content scripts may only report selections;
 * extension pages (the popup, also opened in a tab) may do everything else.
 */
import { z } from 'zod';
import { ChoicePatchSchema } from '../domain/choice';
import { ENTITIES, isValidId } from '../domain/entities';
import {
  DuplicatesQuerySchema,
  type DuplicatesReply,
  type FindReply,
  ImportLineSchema,
  type ResolveReply,
} from '../domain/find';
import { MAX_PREPARER_NAME } from '../domain/limits';
import { SELECTION_OPERATIONS } from '../domain/operations';
import { RETENTION_DAYS } from '../domain/retention';
import { CompanyScopeSchema, RealmIdSchema, ViewScopeSchema } from '../domain/schemas';
import { SearchQuerySchema } from '../domain/search-query';
import type { ContentMessage, PageHelloReply, SelectionReportReply } from './content-protocol';
import { type AuditFile, EnvironmentSchema, type PopupState, RestoreFilterSchema, type RestorePreview } from './views';

/** The alerts a person can dismiss. */
export const ALERT_KINDS = ['notice', 'staleTab', 'counter', 'unreadable', 'bankLines'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Messages from extension pages (popup.html, in the action popup or a tab). */
export const PageMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state/get'), sinceVersion: z.number().optional() }),
  /** "Dismiss" on an alert: the background's notice or one of the pages' alerts (it comes back with its cause). */
  z.object({ type: z.literal('alert/dismiss'), alert: z.enum(ALERT_KINDS) }),
  /** The popup opened over this tab: its QuickBooks company, if any, is the one the views show. */
  z.object({ type: z.literal('view/tab'), tabId: z.number().int().min(0).max(2_147_483_647) }),
  z.object({
    type: z.literal('connection/save'),
    realmId: RealmIdSchema,
    environment: EnvironmentSchema,
    /** Omitted: keep the stored token (same company and environment only). */
    token: z.string().min(20).max(8192).optional(),
    remember: z.boolean(),
    expiresInSec: z.number().int().positive().max(86_400).optional(),
  }),
  /** "Forget" the company the view showed (`scope`): the same end as "Disconnect". */
  z.object({ type: z.literal('connection/forget'), scope: CompanyScopeSchema }),
  /** "Connect to QuickBooks": sign in with Intuit through the broker (the background opens the window). */
  z.object({ type: z.literal('connection/connect'), environment: EnvironmentSchema, stayConnected: z.boolean() }),
  /** "Disconnect" one company: revoked through the broker, then forgotten. */
  z.object({
    type: z.literal('connection/disconnect'),
    realmId: RealmIdSchema,
    environment: EnvironmentSchema,
  }),
  /** "Try again": revoke a company's ended sign-ins that did not reach Intuit (a disconnected one is then forgotten). */
  z.object({
    type: z.literal('connection/revokeRetry'),
    realmId: RealmIdSchema,
    environment: EnvironmentSchema,
  }),
  /** "Dismiss" the notice that a company's older sign-in must be ended in QuickBooks. */
  z.object({
    type: z.literal('connection/revokeDismiss'),
    realmId: RealmIdSchema,
    environment: EnvironmentSchema,
  }),
  /**
   * Selection changes name the company the view showed (`scope`): the background refuses them when
   * it now holds another company's selection.
   */
  z.object({ type: z.literal('selection/remove'), key: z.string().max(200), scope: CompanyScopeSchema }),
  z.object({ type: z.literal('selection/clear'), scope: CompanyScopeSchema }),
  /** "Remove these from the selection" (a whole group): tombstoned like "Remove". */
  z.object({
    type: z.literal('selection/removeMany'),
    keys: z.array(z.string().max(200)).min(1).max(5000),
    scope: CompanyScopeSchema,
  }),
  /** Adds rows from "Ticked by the page, not by you" to the selection (the person's explicit choice). */
  z.object({
    type: z.literal('selection/adopt'),
    keys: z.array(z.string().max(64)).min(1).max(5000),
    scope: CompanyScopeSchema,
  }),
  /**
   * "Can't tell which transaction": the person picks one of the candidates the resolver listed for a
   * row known by what it shows (only a listed candidate is taken; the pick is their own act).
   */
  z.object({
    type: z.literal('selection/pick'),
    rowKey: z.string().startsWith('row:').max(200),
    entity: z.enum(ENTITIES),
    id: z.string().max(20).refine(isValidId),
    scope: CompanyScopeSchema,
  }),
  /**
   * "Add to selection" in Safe Delete's own page (search results, an imported list, likely
   * duplicates): the person's click on records Safe Delete read at `shownAt`. Checked by the same
   * preflight before anything can be deleted.
   */
  z.object({
    type: z.literal('selection/add'),
    records: z
      .array(z.object({ entity: z.enum(ENTITIES), id: z.string().max(20).refine(isValidId) }))
      .min(1)
      .max(5000),
    shownAt: z.number().int().min(0),
    scope: CompanyScopeSchema,
  }),
  /**
   * The person ticked "Void instead of delete", "Include reconciled transactions" or "Include
   * linked transactions": stored with the company's selection, the same in every view.
   */
  z.object({ type: z.literal('selection/choose'), choice: ChoicePatchSchema, scope: CompanyScopeSchema }),
  /** The full view's find tools: reads only; adding is `selection/add`, the person's click. */
  z.object({ type: z.literal('find/search'), query: SearchQuerySchema, scope: CompanyScopeSchema }),
  z.object({ type: z.literal('find/duplicates'), query: DuplicatesQuerySchema, scope: CompanyScopeSchema }),
  z.object({
    type: z.literal('find/resolve'),
    lines: z.array(ImportLineSchema).min(1).max(5000),
    scope: CompanyScopeSchema,
  }),
  /** Customer, vendor and employee names of the company, for the name field's suggestions. */
  z.object({ type: z.literal('find/names'), scope: CompanyScopeSchema }),
  /** "Check again": the company the view showed (`scope`), whichever tab reported since. */
  z.object({ type: z.literal('preflight/run'), scope: CompanyScopeSchema }),
  /**
   * The click names the choice its view showed (absent: delete, no opt-in): the background starts
   * with the stored choice (`selection/choose`) and refuses a click that showed another one.
   */
  z.object({
    type: z.literal('job/start'),
    includeReconciled: z.boolean(),
    includeLinked: z.boolean().optional(),
    /** "Include inventory transactions". Absent: false. */
    includeInventory: z.boolean().optional(),
    /** "Void instead of delete": the job voids what the service can void. Absent: delete. */
    operation: z.enum(SELECTION_OPERATIONS).optional(),
    /** The company and the stamp of the selection the view showed: any difference refuses the start. */
    scope: ViewScopeSchema,
  }),
  z.object({ type: z.literal('job/pause'), jobId: z.string() }),
  z.object({ type: z.literal('job/resume'), jobId: z.string() }),
  z.object({ type: z.literal('job/cancel'), jobId: z.string() }),
  z.object({ type: z.literal('job/dismiss'), jobId: z.string() }),
  /** One page of the export: entries after `after` (the previous page's `next`); the first page has none. */
  z.object({
    type: z.literal('audit/export'),
    format: z.enum(['csv', 'json']),
    after: z.number().int().nonnegative().optional(),
  }),
  /** The person saved an export through this entry: the watermark (only exported entries may ever be pruned). */
  z.object({ type: z.literal('audit/exported'), through: z.number().int().nonnegative() }),
  /** "Keep exported entries": how long exported entries stay (undefined: keep everything). */
  z.object({
    type: z.literal('audit/retention'),
    keepExportedDays: z.literal(RETENTION_DAYS).optional(),
  }),
  z.object({ type: z.literal('audit/clear') }),
  /**
   * "Restore deleted records": what a restore of the connected company's deleted
   * records chosen by `filter` would do (`restore/preview`), and starting it (`restore/start`).
   */
  z.object({ type: z.literal('restore/preview'), filter: RestoreFilterSchema, scope: CompanyScopeSchema }),
  z.object({
    type: z.literal('restore/start'),
    filter: RestoreFilterSchema,
    /** The preview's `scope` (company and plan stamp): a plan that differs now refuses the start. */
    scope: ViewScopeSchema,
    /** The service's allow-duplicate option (`include=allowduplicatedocnum`): only when the person chose it. */
    allowDuplicateDocNumbers: z.boolean().optional(),
    /** Restore the records the preview listed as maybe back already: only when the person chose it. */
    includeUnconfirmed: z.boolean().optional(),
  }),
  /** "Erase this company's local data" (confirmed): its audit entries, runs, selection, checks and finished jobs. */
  z.object({ type: z.literal('company/erase'), realmId: RealmIdSchema, environment: EnvironmentSchema }),
  /** The person's name on the reports ("Ran by"), kept on this device; "" when the person gives none. */
  z.object({ type: z.literal('report/preparer'), name: z.string().max(MAX_PREPARER_NAME) }),
]);
export type PageMessage = z.infer<typeof PageMessageSchema>;
export type PageMessageType = PageMessage['type'];

export type Reply<T = unknown> = { ok: true; data: T } | { ok: false; error: string };

/** Messages from content scripts (validated with ContentMessageSchema, content-protocol.ts). */
export type ContentMessageType = ContentMessage['type'];

/** Every message, from extension pages and content scripts: the requests of the map below. */
export type Message = PageMessage | ContentMessage;
export type MessageType = Message['type'];

/** `state/get` with the popup's current `sinceVersion`: nothing changed since. */
export interface Unchanged {
  unchanged: true;
}

/**
 * The protocol map: each message `type` to the data of its accepted answer (`{ ok: true, data }`).
 * The requests' types come from the zod schemas, which stay the runtime check on arrival. Every
 * `type` must be a key here: `ReplyOf` does not compile otherwise.
 */
export interface ReplyMap {
  'state/get': PopupState | Unchanged;
  'view/tab': { realmId?: string };
  'alert/dismiss': PopupState;
  'connection/save': PopupState;
  'connection/forget': PopupState;
  'connection/connect': PopupState;
  'connection/disconnect': PopupState;
  'connection/revokeRetry': PopupState;
  'connection/revokeDismiss': PopupState;
  'selection/remove': PopupState;
  'selection/clear': PopupState;
  'selection/removeMany': PopupState;
  'selection/adopt': PopupState;
  'selection/pick': PopupState;
  'selection/add': PopupState;
  'selection/choose': PopupState;
  'find/search': FindReply;
  'find/duplicates': DuplicatesReply;
  'find/resolve': ResolveReply;
  'find/names': { names: string[] };
  'preflight/run': PopupState;
  'job/start': PopupState;
  'job/pause': PopupState;
  'job/resume': PopupState;
  'job/cancel': PopupState;
  'job/dismiss': PopupState;
  'audit/export': AuditFile;
  'audit/clear': PopupState;
  'audit/exported': PopupState;
  'audit/retention': PopupState;
  'restore/preview': RestorePreview;
  'restore/start': PopupState;
  'company/erase': PopupState;
  'report/preparer': PopupState;
  'page/hello': PageHelloReply;
  'selection/report': SelectionReportReply;
}

type RequestMap = { [K in MessageType]: Extract<Message, { type: K }> };
/** The request of message `K`, as its zod schema infers it. */
export type RequestOf<K extends MessageType> = RequestMap[K];
/** The data of message `K`'s accepted answer. */
export type ReplyOf<K extends MessageType> = ReplyMap[K];

/**
 * A typed sender for the messages `T`: the answer's type follows the request's `type`
 * (`send({ type: 'audit/export', format })` answers `Reply<AuditFile>`). Generic over the request
 * itself, so its `type` literal picks the reply (`RequestOf<K>` alone cannot infer `K`).
 */
export type Send<T extends MessageType> = <R extends RequestOf<T>>(message: R) => Promise<Reply<ReplyOf<R['type']>>>;

/**
 * The content script's sender: as `Send`, and undefined when no answer came back (the browser
 * resolves so when no listener answered; the content script then carries on without the data).
 */
export type ContentSend = <R extends ContentMessage>(message: R) => Promise<Reply<ReplyOf<R['type']>> | undefined>;

/**
 * One handler per message of `T`, each answering its own reply type; `Ctx` is what the router
 * passes after the message (the background core, the sender's page...). A missing handler, or one
 * answering another shape, does not compile.
 */
export type Handlers<T extends MessageType, Ctx extends unknown[] = []> = {
  [K in T]: (message: RequestOf<K>, ...ctx: Ctx) => Promise<Reply<ReplyOf<K>>>;
};

/** Calls the handler of `message.type` (the message was validated by its zod schema first). */
export function dispatch<T extends MessageType, K extends T, Ctx extends unknown[]>(
  handlers: Handlers<T, Ctx>,
  message: RequestOf<K> & { type: K },
  ...ctx: Ctx
): Promise<Reply<ReplyOf<K>>> {
  const type: K = message.type;
  return handlers[type](message, ...ctx);
}

export function ok<T>(data: T): Reply<T> {
  return { ok: true, data };
}
export function fail(error: string): Reply<never> {
  return { ok: false, error };
}
