// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "fetch": { "disableSameOriginPolicy": true } } }
/**
 * The operation ("Void instead of delete") and the opt-ins ("Include reconciled transactions",
 * "Include linked transactions") belong to the client's selection, kept by the background: the
 * popup reopened (the browser closes it on any click outside it) and the full view show the choice
 * the person made, and the one click does what they show. The real popup (model and components)
 * on the whole background (the security harness: its real stores, the real client, the simulator).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App';
import { createPopupModel, type PopupApi, type PopupModel } from '../../lib/popup/model';
import {
  connectedWithSelection,
  createSecurityHarness,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
  selectionReport,
} from '../security/harness';
import { popupState, renderPopup, row, SHOWN, SHOWN_COMPANY, settle } from './fixtures';

const box = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const VOID_BOX = 'Void instead of delete';
const RECONCILED_BOX = 'Include reconciled transactions';
const LINKED_BOX = 'Include linked transactions';
const fireStart = () =>
  settle(() => fireEvent.click(screen.getByRole('button', { name: /^Verify and (delete|void) selected/ })));

/** A person's click, and the background's answer to it (a real background takes a few turns). */
async function click(element: HTMLElement, model: PopupModel): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
    for (let i = 0; i < 200 && (i === 0 || model.pending.peek() !== undefined); i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

/** Opens a view (the popup, or the full view in a tab): a new model on the same background. */
async function openView(h: SecurityHarness, full = false) {
  cleanup();
  const api: PopupApi = { send: ((m: unknown) => h.send(m, SENDERS.popup)) as PopupApi['send'] };
  const model = createPopupModel(api, { now: h.clock.now });
  render(<App model={model} full={full} />);
  await act(() => model.tick());
  return model;
}

describe('the chosen operation and opt-ins stick with the selection', () => {
  let h: SecurityHarness | undefined;
  let view: PopupModel;
  afterEach(async () => {
    view?.stop();
    cleanup();
    await h?.close();
    h = undefined;
  });

  it('"Void instead of delete" ticked: the reopened popup and the full view show void, and the click voids', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, {
      count: 9,
      entities: { Invoice: 1, Payment: 1, Bill: 1 },
      seed: 8,
    });
    view = await openView(h);
    expect(view.readyCount.value).toBe(9); // checked: the click has something to act on
    expect(screen.getByRole('button', { name: /^Verify and delete selected/ })).toBeTruthy();
    await click(box(VOID_BOX), view);
    expect(screen.getByRole('button', { name: /^Verify and void selected/ })).toBeTruthy();

    // Reopened: a new model, nothing kept in the view.
    view = await openView(h);
    expect(box(VOID_BOX).checked).toBe(true);
    expect(screen.getByRole('button', { name: /^Verify and void selected/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Verify and delete selected/ })).toBeNull();
    expect(document.querySelector('.plan-will')?.textContent).toMatch(/^Will void /);

    // The full view opened next shows the same choice.
    view = await openView(h, true);
    expect(box(VOID_BOX).checked).toBe(true);
    expect(screen.getByRole('button', { name: /^Verify and void selected/ })).toBeTruthy();

    await click(screen.getByRole('button', { name: /^Verify and void selected/ }), view);
    const jobId = view.state.peek()?.job?.id ?? '';
    const job = await h.settle(jobId);
    expect(job.operation).toBe('void');
    expect(job.counts.voided).toBeGreaterThan(0);
    expect(job.counts.deleted).toBe(0);
    expect(h.sim.truth(company.realmId).deletedKeys()).toEqual([]);
  });

  it('"Include reconciled" and "Include linked" ticked stay ticked in the reopened popup and the full view', async () => {
    h = await createSecurityHarness();
    await connectedWithSelection(h, {
      count: 24,
      entities: { Invoice: 1, Payment: 1 },
      reconciledShare: 0.25,
      linkedShare: 0.3,
      seed: 7,
    });
    view = await openView(h);
    expect(box(RECONCILED_BOX).checked).toBe(false);
    expect(box(LINKED_BOX).checked).toBe(false);
    await click(box(RECONCILED_BOX), view);
    await click(box(LINKED_BOX), view);

    view = await openView(h);
    expect(box(RECONCILED_BOX).checked).toBe(true);
    expect(box(LINKED_BOX).checked).toBe(true);
    expect(box(VOID_BOX).checked).toBe(false);
    expect(screen.getByRole('button', { name: /^Verify and delete selected/ })).toBeTruthy();
    expect(document.querySelector('.plan-included')?.textContent).toMatch(/reconciled transaction.* and .*linked/);

    view = await openView(h, true);
    expect(box(RECONCILED_BOX).checked).toBe(true);
    expect(box(LINKED_BOX).checked).toBe(true);

    // Unticked in the full view: the popup opened next shows it unticked.
    await click(box(RECONCILED_BOX), view);
    view = await openView(h);
    expect(box(RECONCILED_BOX).checked).toBe(false);
    expect(box(LINKED_BOX).checked).toBe(true);
  });

  it('"Clear selection" clears the choice: the next selection starts at delete with no opt-in', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, { count: 4, entities: { Invoice: 1 }, seed: 3 });
    view = await openView(h);
    await click(box(VOID_BOX), view);
    await click(box(RECONCILED_BOX), view);
    await click(screen.getByRole('button', { name: 'Clear selection' }), view);
    expect((await popupStateOf(h)).selection).toEqual([]);

    // The same rows ticked again (a new tick, after the clear): a new selection, the default choice.
    h.clock.advance(1_000);
    const again = h.sim.seedCompany({ realmId: company.realmId, count: 3, entities: { Invoice: 1 }, seed: 4 });
    await h.send(selectionReport(again.keys.all, h.clock.now(), company.realmId), SENDERS.contentScript);
    await h.background.core.preflight.start({ realmId: company.realmId, environment: 'production' });
    view = await openView(h);
    expect(box(VOID_BOX).checked).toBe(false);
    expect(box(RECONCILED_BOX).checked).toBe(false);
    expect(screen.getByRole('button', { name: /^Verify and delete selected/ })).toBeTruthy();
  });
});

describe('a view shows the stored choice, never its own', () => {
  afterEach(() => cleanup());

  it('a choice made in another view shows at this view’s next poll', async () => {
    const p = await renderPopup(popupState({ selection: [row(1, 'ready'), row(2, 'reconciled')] }));
    expect(box(VOID_BOX).checked).toBe(false);
    await p.push(popupState({ choice: { operation: 'void', includeReconciled: true, includeLinked: false } }));
    expect(box(VOID_BOX).checked).toBe(true);
    expect(box(RECONCILED_BOX).checked).toBe(true);
    expect(screen.getByRole('button', { name: /^Verify and void selected/ })).toBeTruthy();
    await fireStart();
    expect(p.bg.sentOfType('job/start')).toEqual([
      { type: 'job/start', includeReconciled: true, includeLinked: false, operation: 'void', scope: SHOWN },
    ]);
  });

  it('a tick the background refuses shows the stored choice again, and says why', async () => {
    const p = await renderPopup(popupState());
    const refusal = 'This window shows company 123; QuickBooks switched to company 456. Check the list again.';
    p.bg.reply = (m) =>
      m.type === 'selection/choose' ? { ok: false, error: refusal } : { ok: true, data: p.bg.state };
    await settle(() => fireEvent.click(box(VOID_BOX)));
    expect(p.bg.sentOfType('selection/choose')).toEqual([
      { type: 'selection/choose', choice: { operation: 'void' }, scope: SHOWN_COMPANY },
    ]);
    expect(box(VOID_BOX).checked).toBe(false);
    expect(screen.getByRole('button', { name: /^Verify and delete selected/ })).toBeTruthy();
    expect(screen.getByText(refusal)).toBeTruthy();
  });
});
