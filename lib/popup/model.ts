/**
 * The popup's one model: signals holding the background's latest PopupState, plus the actions the
 * popup may take. The background owns every fact; the model only asks, shows and forwards clicks.
 *
 * Polling: `state/get` with `sinceVersion` every second while open and right after each action. A
 * service worker that restarts makes sendMessage throw ("message channel closed", "Receiving end
 * does not exist"): the next tick simply asks again, and "Reconnecting…" appears only after three
 * failures in a row so a routine restart never flickers.
 */
import { batch, computed, signal, untracked } from '@preact/signals';
import type { Entity } from '../domain/entities';
import type { Environment } from '../domain/ids';
import type { RetentionDays } from '../domain/retention';
import type { CompanyScope } from '../domain/scope';
import type { AlertKind, PageMessage, PageMessageType, Reply, ReplyOf, RequestOf, Send } from '../messaging/protocol';
import { type AuditFile, type PopupState, PopupStateSchema } from '../messaging/views';
import { announcement } from './announce';
import { createAuditExportActions } from './audit-export';
import { createChoice } from './choice';
import {
  type ConnectionInput,
  checkConnectionInput,
  companyMismatch,
  countByEntity,
  countByStatus,
  deleteBlocker,
  isJobActive,
} from './derive';
import type { DownloadFile } from './download';
import type { PopupModelDeps } from './model-deps';
import { buildPlan, chosenOperation } from './plan';
import { createReportExportActions } from './report-export';
import { createRestoreActions, NO_ANSWER, NO_COMPANY } from './restore';

export interface PopupApi {
  /** Typed by the protocol map: each message's answer carries its own reply type. */
  send: Send<PageMessageType>;
}

export type { HostAccessApi, PopupModelDeps } from './model-deps';
export type { AuditFile, DownloadFile };

/** The actions whose accepted answer is the new state (all but `state/get` and `audit/export`). */
type StateAction = { [K in PageMessageType]: ReplyOf<K> extends PopupState ? K : never }[PageMessageType];

export const RECONNECT_AFTER_FAILURES = 3;

export function createPopupModel(api: PopupApi, deps: PopupModelDeps = {}) {
  const clock = deps.now ?? Date.now;
  const state = signal<PopupState | undefined>(undefined);
  const failures = signal(0);
  const now = signal(clock());
  const actionError = signal<string | undefined>(undefined);
  const pending = signal<PageMessageType | undefined>(undefined);
  // The click's operation and opt-ins are the selection's, kept by the background (./choice.ts).
  const chosen = createChoice(state, (choice) => actOnShown((scope) => ({ type: 'selection/choose', choice, scope })));
  const { includeReconciled, includeLinked, voidInstead, options } = chosen;
  /** The polite live region's latest words (check finished, each batch, the end). */
  const announced = signal('');
  const hostAccess = signal<'granted' | 'missing'>('granted');
  const checkHostAccess = async () => {
    if (deps.hostAccess) hostAccess.value = (await deps.hostAccess.granted().catch(() => true)) ? 'granted' : 'missing';
  };

  // Every request gets a number; an answer older than the last applied one is dropped, so a slow
  // poll can never overwrite the state an action just returned.
  let seq = 0;
  let applied = 0;
  let polling = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  /**
   * The one runtime check kept on an answer (the protocol map types it already): the state is the
   * popup's whole contract, so a state the schema refuses (a background bug, a half-written answer)
   * counts as no answer at all rather than breaking the view; the schema also fills its defaults.
   */
  function apply(requestSeq: number, data: PopupState | undefined): boolean {
    const parsed = PopupStateSchema.safeParse(data);
    if (!parsed.success) return false;
    if (requestSeq > applied) {
      applied = requestSeq;
      const said = announcement(state.peek(), parsed.data, untracked(options));
      batch(() => {
        state.value = parsed.data;
        if (said) announced.value = said;
      });
    }
    return true;
  }

  /** undefined: no answer (the worker is restarting, or the channel gave nothing back). */
  async function request<R extends PageMessage>(message: R): Promise<Reply<ReplyOf<R['type']>> | undefined> {
    try {
      return (await api.send(message)) ?? undefined;
    } catch {
      return undefined; // the worker is (re)starting
    }
  }

  async function poll(): Promise<void> {
    if (polling) return;
    polling = true;
    const mine = ++seq;
    const reply = await request({ type: 'state/get', sinceVersion: state.peek()?.version });
    polling = false;
    const data = reply?.ok ? reply.data : undefined;
    failures.value = (data && 'unchanged' in data) || apply(mine, data) ? 0 : failures.peek() + 1;
  }

  async function tick(): Promise<void> {
    now.value = clock();
    await poll();
  }

  /** Sends one action; the answer is the new state. Returns whether the background accepted it. */
  async function act(message: RequestOf<StateAction>): Promise<boolean> {
    const mine = ++seq;
    pending.value = message.type;
    const reply = await request(message);
    batch(() => {
      pending.value = undefined;
      if (!reply) actionError.value = NO_ANSWER;
      else if (!reply.ok) actionError.value = reply.error;
      else actionError.value = undefined;
      if (reply?.ok) apply(mine, reply.data);
    });
    void poll();
    return !!reply?.ok;
  }

  /** The company this view shows, named by every selection change (the background refuses another). */
  function shownCompany(): CompanyScope | undefined {
    const s = state.peek()?.scope;
    return s && { realmId: s.realmId, environment: s.environment };
  }
  /** Sends a change named by the company shown; refused here when the view shows none. */
  function actOnShown(message: (scope: CompanyScope) => RequestOf<StateAction>): Promise<boolean> {
    const scope = shownCompany();
    if (!scope) {
      actionError.value = NO_COMPANY;
      return Promise.resolve(false);
    }
    return act(message(scope));
  }

  /** A list of keys as one message per 5,000 (a message stays small whatever the selection). */
  async function inBatches(type: 'selection/removeMany' | 'selection/adopt', keys: readonly string[]) {
    let all = true;
    for (let i = 0; i < keys.length; i += 5000) {
      const part = keys.slice(i, i + 5000);
      all = (await actOnShown((scope) => ({ type, keys: part, scope }))) && all;
    }
    return all;
  }

  const jobId = () => state.peek()?.job?.id ?? '';
  const selection = computed(() => state.value?.selection ?? []);
  // No connection: rows not checked yet wait for one, and are no decision (lib/popup/plan.ts).
  const connected = computed(() => state.value?.connection.hasToken !== false);
  const statusCounts = computed(() => countByStatus(selection.value, voidInstead.value, connected.value));
  // 'Linked' records are a decision: deleting them changes the records they link to.
  const readyCount = computed(() => statusCounts.value.ready ?? 0);
  const reconciledCount = computed(() => statusCounts.value.reconciled ?? 0);
  const linkedCount = computed(() => statusCounts.value.linked ?? 0);
  const plan = computed(() => buildPlan(selection.value, { ...options(), connected: connected.value }));
  const deletableCount = computed(() => plan.value.groups.willDelete.rows.length);
  const writeText =
    deps.writeText ??
    ((text: string) =>
      globalThis.navigator?.clipboard
        ? globalThis.navigator.clipboard.writeText(text)
        : Promise.reject(new Error('no clipboard')));

  return {
    state,
    now,
    actionError,
    pending,
    includeReconciled,
    includeLinked,
    includeInventory: chosen.includeInventory,
    voidInstead,
    announced,
    hostAccess,
    /** Present when the popup can open itself in a tab. */
    openFullView: deps.openFullView,
    /** Present when the popup can open a run's printable report in a tab. */
    openReport: deps.openReport,
    /** Asks the browser for the host permissions again (Firefox, after the user withdrew them). */
    async grantHostAccess(): Promise<void> {
      if (!deps.hostAccess) return;
      const ok = await deps.hostAccess.request().catch(() => false);
      hostAccess.value = ok ? 'granted' : 'missing';
    },
    reconnecting: computed(() => failures.value >= RECONNECT_AFTER_FAILURES),
    connection: computed(() => state.value?.connection),
    job: computed(() => state.value?.job),
    recentRuns: computed(() => state.value?.recentRuns ?? []),
    jobActive: computed(() => isJobActive(state.value)),
    selection,
    entityCounts: computed(() => countByEntity(selection.value)),
    statusCounts,
    connected,
    readyCount,
    reconciledCount,
    linkedCount,
    plan,
    deletableCount,
    companyMismatch: computed(() => companyMismatch(state.value)),
    deleteBlocker: computed(() => deleteBlocker(state.value, deletableCount.value, now.value, voidInstead.value)),

    /** Starts polling (and the one-second clock) until stop(). */
    start(): void {
      if (timer) return;
      void checkHostAccess();
      void tick();
      timer = setInterval(() => void tick(), deps.pollMs ?? 1000);
    },
    stop(): void {
      clearInterval(timer);
      timer = undefined;
    },
    tick,

    saveConnection(input: ConnectionInput): Promise<boolean> {
      const { value } = checkConnectionInput(input);
      const environment = state.peek()?.connection.environment ?? 'production';
      return act({ type: 'connection/save', environment, ...value });
    },
    forgetConnection: () => actOnShown((scope) => ({ type: 'connection/forget', scope })),
    /** "Connect to QuickBooks" / "Reconnect": the background opens Intuit's sign-in window. */
    connect(stayConnected: boolean): Promise<boolean> {
      const environment = state.peek()?.connection.environment ?? 'production';
      return act({ type: 'connection/connect', environment, stayConnected });
    },
    /** "Disconnect" one company: revoked through the broker, then forgotten. */
    disconnect: (realmId: string, environment: Environment) =>
      act({ type: 'connection/disconnect', realmId, environment }),
    /** "Try again" (revoke ended sign-ins that did not reach Intuit), "Dismiss" (the notice to end one in QuickBooks). */
    revokeAction: (action: 'Retry' | 'Dismiss', realmId: string, environment: Environment) =>
      act({ type: `connection/revoke${action}`, realmId, environment }),
    connections: computed(() => state.value?.connections ?? []),
    /** The companies whose data this device keeps; "Erase this company's local data" (confirmed). */
    localData: computed(() => state.value?.localData ?? []),
    elsewhere: computed(() => state.value?.elsewhere ?? []),
    eraseCompany: (realmId: string, environment: Environment) => act({ type: 'company/erase', realmId, environment }),
    removeRow: (key: string) => actOnShown((scope) => ({ type: 'selection/remove', key, scope })),
    /** "Remove these from the selection": one message per 5,000 keys. */
    removeRows: (keys: readonly string[]) => inBatches('selection/removeMany', keys),
    /** "Add these to the selection": the page-ticked rows become the person's choice. */
    adoptPageTicked: (keys: readonly string[]) => inBatches('selection/adopt', keys),
    /** "Can't tell which transaction": the person picks this candidate for that row. */
    pickCandidate: (rowKey: string, entity: Entity, id: string) =>
      actOnShown((scope) => ({ type: 'selection/pick', rowKey, entity, id, scope })),
    /** Copies text to the clipboard; false (with a message) when the browser refuses. */
    async copyText(text: string): Promise<boolean> {
      try {
        await writeText(text);
        return true;
      } catch {
        actionError.value = 'The browser did not allow copying. Try again.';
        return false;
      }
    },
    /** "Download this run (CSV)", "Download the report (CSV)", "Download the report (Excel)". */
    ...createReportExportActions({ state, act, actionError, download: deps.download, version: deps.version }),
    clearSelection: () => actOnShown((scope) => ({ type: 'selection/clear', scope })),
    checkAgain: () => actOnShown((scope) => ({ type: 'preflight/run', scope })),
    /** A tick on "Void instead of delete" or an opt-in: the selection's choice, for every view. */
    choose: chosen.choose,
    /** "Verify and delete selected": names the company, the stamp and the choice this view shows. */
    startJob: async () => {
      await chosen.settled(); // a tick just made is the background's before the click names it
      const { voidInstead, ...optIns } = untracked(options); // the opt-ins the view shows
      const scope = state.peek()?.scope;
      if (!scope) {
        actionError.value = NO_COMPANY;
        return false;
      }
      const operation = chosenOperation(voidInstead);
      return act({ type: 'job/start', ...optIns, operation, scope });
    },
    pauseJob: () => act({ type: 'job/pause', jobId: jobId() }),
    resumeJob: () => act({ type: 'job/resume', jobId: jobId() }),
    cancelJob: () => act({ type: 'job/cancel', jobId: jobId() }),
    dismissJob: () => act({ type: 'job/dismiss', jobId: jobId() }),
    clearAudit: () => act({ type: 'audit/clear' }),
    dismissAlert: (alert: AlertKind) => act({ type: 'alert/dismiss', alert }),
    /** "Restore deleted records": previewRestore(filter), then startRestore(filter, allowDuplicates). */
    ...createRestoreActions({ request, act, actionError, pending, shownCompany }),
    /** "Keep exported entries": one of RETENTION_DAYS, or everything (undefined). */
    setAuditRetention: (keepExportedDays?: RetentionDays) => act({ type: 'audit/retention', keepExportedDays }),
    /** "Export audit log", then "Did the file save?": exported only once the person says it is saved. */
    ...createAuditExportActions({ request, act, actionError, pending, download: deps.download }),
    /** What the full view's find tools send through (lib/popup/find-model.ts, loaded only there). */
    findApi: { request, act, shownCompany, actionError },
  };
}

export type PopupModel = ReturnType<typeof createPopupModel>;
