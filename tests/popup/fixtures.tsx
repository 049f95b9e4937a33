/** In-memory background for popup tests: answers PageMessages with PopupState values we build. */
import { act, render } from '@testing-library/preact';
import { App } from '../../components/App';
import { NO_CHOICE } from '../../lib/domain/choice';
import type { Entity } from '../../lib/domain/entities';
import type { LinkedFinding } from '../../lib/domain/findings';
import type { JobSnapshot } from '../../lib/jobs/types';
import { emptyCounts } from '../../lib/journal/schema';
import type { PageMessage, Reply, ReplyOf } from '../../lib/messaging/protocol';
import type { JobView, PopupState, PreflightStatus, SelectionRow } from '../../lib/messaging/views';
import { createPopupModel, type PopupModelDeps } from '../../lib/popup/model';
import { createManualClock } from '../support/clock';

export const NOW = Date.UTC(2026, 10, 22, 15, 0, 0);

export function row(n: number, status?: PreflightStatus, entity: Entity = 'Invoice'): SelectionRow {
  return {
    key: `${entity}:${n}`,
    entity,
    id: String(n),
    shownAt: NOW - 60_000,
    status,
    blockers: [],
    warnings: [],
    txnDate: '2024-03-01',
    docNumber: String(1000 + n),
    party: `Customer ${n}`,
    amount: 100 + n / 100,
    currency: 'USD',
  };
}

/** The linked check's finding for links to these `[type, Id]` pairs, as the background sends it. */
export function linkedTo(...links: [txnType: string, txnId: string][]): LinkedFinding[] {
  return [{ status: 'linked', links: links.map(([txnType, txnId]) => ({ txnId, txnType })) }];
}

/** The company and selection stamp the fixture's view shows: every click sends it back. */
export const SHOWN = { realmId: '123', environment: 'sandbox', stamp: '0123456789abcdef-3' } as const;
export const SHOWN_COMPANY = { realmId: SHOWN.realmId, environment: SHOWN.environment } as const;

export function popupState(over: Partial<PopupState> = {}): PopupState {
  return {
    version: 1,
    connection: { realmId: '123', environment: 'sandbox', hasToken: true, remember: false },
    scope: SHOWN,
    selection: [row(1, 'ready'), row(2, 'ready'), row(3, 'reconciled')],
    preflight: { at: NOW - 5_000, running: false },
    ...over,
    pageTicked: over.pageTicked ?? [],
    recentRuns: over.recentRuns ?? [],
    connections: over.connections ?? [],
    unresolved: over.unresolved ?? [],
  };
}

/** A delete job paused half-way (30 of 60, two chunks), as the background keeps it; `over` changes it. */
export function pausedSnapshot(over: Partial<JobSnapshot> = {}): JobSnapshot {
  return {
    id: 'j',
    realmId: '123',
    environment: 'sandbox',
    operation: 'delete',
    includeReconciled: false,
    chunkSize: 30,
    total: 60,
    chunks: 2,
    cursor: 1,
    openChunk: false,
    status: 'paused',
    counts: emptyCounts(),
    unverified: 0,
    createdAt: 0,
    done: 30,
    ...over,
  };
}

export function jobView(over: Partial<JobView> = {}): JobView {
  return {
    id: 'job-1',
    realmId: '123',
    environment: 'sandbox',
    state: 'running',
    done: 12,
    total: 40,
    operation: 'delete',
    counts: { deleted: 10, voided: 0, restored: 0, skipped: 1, refused: 1, needsAttention: 0 },
    records: [],
    startedAt: NOW - 60_000,
    ...over,
  };
}

/** A fake background. `reply` overrides the answer to non-state messages (default: ok(current)). */
export function fakeBackground(initial: PopupState) {
  const bg = {
    state: initial,
    sent: [] as PageMessage[],
    reply: undefined as ((m: PageMessage) => Reply<unknown> | Promise<Reply<unknown>>) | undefined,
    fail: false,
    /** Typed as the protocol map says; a test's `reply` may answer anything (malformed answers too). */
    async send<R extends PageMessage>(message: R): Promise<Reply<ReplyOf<R['type']>>> {
      const m: PageMessage = message;
      bg.sent.push(m);
      if (bg.fail) throw new Error('Could not establish connection. Receiving end does not exist.');
      if (m.type === 'state/get') {
        const data = m.sinceVersion === bg.state.version ? { unchanged: true as const } : bg.state;
        return { ok: true, data } as Reply<ReplyOf<R['type']>>;
      }
      // As the background: the person's tick is the selection's choice, in the next state.
      const before = bg.state;
      if (m.type === 'selection/choose') {
        const choice = { ...NO_CHOICE, ...bg.state.choice, ...m.choice };
        bg.state = { ...bg.state, choice, version: bg.state.version + 1 };
      }
      const reply = bg.reply ? await bg.reply(m) : { ok: true as const, data: bg.state };
      if (m.type === 'selection/choose' && !reply.ok) bg.state = before; // refused: nothing stored
      // Like the real background, an accepted action's answer is its new state.
      if (reply.ok && typeof reply.data === 'object' && reply.data && 'version' in reply.data) {
        bg.state = reply.data as PopupState;
      }
      return reply as Reply<ReplyOf<R['type']>>;
    },
    sentOfType<T extends PageMessage['type']>(type: T) {
      return bg.sent.filter((m): m is Extract<PageMessage, { type: T }> => m.type === type);
    },
  };
  return bg;
}

/** Mounts the real popup (model + components) on a fake background and waits for the first state. */
/**
 * The parts the view loads on demand (components/LazyWhen.tsx, the restore preview): their modules
 * are fetched once, then one macrotask lets a part that has something to show render, as it would
 * a moment after the popup opens.
 */
async function lazyParts(): Promise<void> {
  await Promise.all([
    import('../../components/UnresolvedRows'),
    import('../../components/PageTickedPanel'),
    import('../../components/RestorePreview'),
    import('../../components/RevokePending'),
    import('../../components/JobResult'),
  ]);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export async function renderPopup(state: PopupState, deps: PopupModelDeps = {}, options: { full?: boolean } = {}) {
  const bg = fakeBackground(state);
  const clock = createManualClock(NOW);
  const model = createPopupModel(bg, { now: clock.now, ...deps });
  const view = render(<App model={model} full={options.full} />);
  await act(() => model.tick());
  await lazyParts();
  return {
    ...view,
    bg,
    model,
    /** Moves the clock and runs one poll, as the 1 s timer would. */
    async advance(ms: number) {
      clock.advance(ms);
      await act(() => model.tick());
    },
    /** Replaces the background's state (new version; the choice kept unless `next` names one) and polls. */
    async push(next: PopupState) {
      bg.state = { ...next, choice: next.choice ?? bg.state.choice, version: model.state.peek()!.version + 1 };
      await act(() => model.tick());
      await lazyParts();
    },
  };
}

/** Fires a user event and lets the model's action (a few awaited promises) settle. */
export async function settle(fire: () => unknown): Promise<void> {
  await act(async () => {
    fire();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** A row ticked on a page, as the page showed it (number, date, amount), never checked. */
export function pageRow(n: number, shown: SelectionRow['shown']): SelectionRow {
  return {
    key: `Invoice:${n}`,
    entity: 'Invoice',
    id: String(n),
    shownAt: NOW - 1000,
    tickedAt: NOW - 1000,
    blockers: [],
    warnings: [],
    shown,
  };
}
