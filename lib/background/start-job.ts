/**
 * Every start of a job goes through here: "Verify and delete selected" (a delete or void from the
 * selection) and "Restore" (from the audit log). Under the company's lock it reads the facts the
 * start policy (lib/jobs/start-policy.ts) decides on, fetches what the policy still asks for (a
 * fresh check of an old one, the restore's plan), acts on a refusal (the words shown as the
 * company's notice; a selection checked again, a foreign check forgotten), and creates and starts
 * the job. The runner re-checks "one unsettled job per company" inside its write queue as well
 * (`tryCreateJob`), so a second worker life cannot start a second job for the company either.
 */
import type { Choice } from '../domain/choice';
import { RESTORE } from '../domain/operations';
import type { CompanyScope } from '../domain/scope';
import {
  connectedScope,
  decideStart,
  type PageFact,
  type RestoreRequest,
  type SelectionRequest,
  type StartDecision,
  type StartFacts,
  type StartRefusal,
  type StorageEstimateLike,
} from '../jobs/start-policy';
import type { JobRunner, JobSnapshot } from '../jobs/types';
import { fail, ok, type Reply } from '../messaging/protocol';
import type { PopupState } from '../messaging/views';
import type { StoredPreflight } from '../preflight/preflight-store';
import type { RestoreServiceRefusal, RestoreStarts } from '../restore/service';
import type { SelectionStore } from '../selection/store';
import type { CompanyLock } from '../storage/company-lock';
import type { ViewNotices } from './view-notices';
import { type NameOf, startRefusalText } from './words/start';

export interface StartOptions {
  /**
   * The operation and opt-ins the view showed (its button's words, its ticks): the job starts with
   * the company's stored choice, and only when the view showed that one.
   */
  shownChoice: Choice;
  /** The company the view showed and the stamp of its selection as checked. */
  shown: CompanyScope & { stamp: string };
}

/** What a start reads, each the narrowest door onto its owner. */
export interface StartDeps {
  lock: CompanyLock;
  now: () => number;
  /** The company the background acts on now (the last page's, else the latest connection's). */
  currentScope(): Promise<CompanyScope | undefined>;
  connection(scope: CompanyScope): Promise<StartFacts['connection']>;
  hasToken(scope: CompanyScope): Promise<boolean>;
  /** The company QuickBooks has open now, by the last page's cookie. */
  pageCompany(): Promise<PageFact>;
  estimate(): Promise<StorageEstimateLike | undefined>;
  name: NameOf;
  selection: Pick<SelectionStore, 'read' | 'readChoice'>;
  checks: {
    read(scope: CompanyScope): Promise<StoredPreflight | undefined>;
    forget(scope: CompanyScope, keys: readonly string[]): Promise<void>;
    /** Runs the selection's check (resolves when it has finished). */
    run(scope: CompanyScope): Promise<void>;
  };
  runner: Pick<JobRunner, 'listJobs' | 'tryCreateJob' | 'start'>;
  view: ViewNotices;
}

export function createStarts(deps: StartDeps) {
  async function facts(shown: StartFacts['shown']): Promise<StartFacts> {
    const scope = { realmId: shown.realmId, environment: shown.environment };
    return {
      shown,
      current: await deps.currentScope(),
      connection: await deps.connection(scope),
      hasToken: await deps.hasToken(scope),
      jobs: (await deps.runner.listJobs()) as JobSnapshot[],
      estimate: await deps.estimate().catch(() => undefined),
      now: deps.now(),
    };
  }

  /** A refused click: said in the company's view, nothing started. */
  async function refuse(refusal: StartRefusal | RestoreServiceRefusal, shown: CompanyScope): Promise<Reply<never>> {
    const text = await startRefusalText(refusal, deps.name);
    deps.view.setNotice({ level: 'error', text }, shown);
    return fail(text);
  }

  async function act(
    decision: StartDecision,
    shown: CompanyScope,
    create: Parameters<JobRunner['tryCreateJob']>[0] | undefined,
  ): Promise<Reply<PopupState>> {
    if (decision.kind === 'refuse') {
      const scope = { realmId: shown.realmId, environment: shown.environment };
      if (decision.forget) await deps.checks.forget(scope, decision.forget);
      if (decision.recheck) void deps.checks.run(scope).catch(() => undefined);
      return refuse(decision.refusal, shown);
    }
    if (!create) throw new Error(`a start cannot act on "${decision.kind}"`);
    const made = await deps.runner.tryCreateJob(create);
    if (made.kind === 'busy') return refuse({ code: 'jobRunning' }, shown);
    deps.view.setNotice(undefined);
    await deps.runner.start(made.job.id);
    deps.view.changed();
    return ok(await deps.view.state());
  }

  return {
    /** The company the view showed, when it is still open and connected; else the refusal in words. */
    async connected(shown: CompanyScope): Promise<Reply<CompanyScope>> {
      const company = { realmId: shown.realmId, environment: shown.environment };
      const scope = connectedScope({
        shown: { ...company, stamp: '' },
        current: await deps.currentScope(),
        connection: await deps.connection(company),
        hasToken: await deps.hasToken(company),
      });
      return 'code' in scope ? fail(await startRefusalText(scope, deps.name)) : ok(scope);
    },

    /** "Verify and delete selected". */
    selection({ shownChoice, shown }: StartOptions): Promise<Reply<PopupState>> {
      return deps.lock.run(shown, async () => {
        const known = await facts(shown);
        const page = await deps.pageCompany();
        const request: SelectionRequest = {
          kind: 'selection',
          shownChoice,
          choice: await deps.selection.readChoice(shown),
          selected: await deps.selection.read(shown),
          checked: await deps.checks.read(shown),
        };
        let decision = decideStart(known, page, request);
        if (decision.kind === 'recheck') {
          await deps.checks.run(decision.scope);
          decision = decideStart(known, page, { ...request, rechecked: await deps.checks.read(decision.scope) });
        }
        const create =
          decision.kind === 'start'
            ? {
                ...decision.scope,
                records: decision.records,
                includeReconciled: decision.includeReconciled,
                operation: decision.operation,
              }
            : undefined;
        return act(decision, shown, create);
      });
    },

    /** "Restore N records": `plan` is asked for once the company's gates have passed. */
    restore: ((shown, allowDuplicateDocNumbers, plan) =>
      deps.lock.run(shown, async () => {
        const known = await facts(shown);
        let decision = decideStart(known, { kind: 'none' }, { kind: 'restore' });
        if (decision.kind === 'plan') {
          const planned = await plan(decision.scope);
          if ('code' in planned) return refuse(planned, shown);
          decision = decideStart(known, { kind: 'none' }, { kind: 'restore', plan: planned } satisfies RestoreRequest);
        }
        const create =
          decision.kind === 'startRestore'
            ? {
                ...decision.scope,
                operation: RESTORE.kind,
                records: [],
                chunks: decision.chunks,
                allowDuplicateDocNumbers,
              }
            : undefined;
        return act(decision, shown, create);
      })) satisfies RestoreStarts['start'],
  };
}
export type Starts = ReturnType<typeof createStarts>;
