// @vitest-environment happy-dom
/**
 * Issue 11 §2 "Void instead of delete" in the popup (real model and components on a fake
 * background): the option changes the one click's words, the chips of the rows the service cannot
 * void, the plan, and what job/start asks for; a void job's progress and result speak of voiding.
 */
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { JobRecordView } from '../../lib/messaging/views';
import { jobView, linkedTo, NOW, popupState, renderPopup, row, SHOWN, settle } from './fixtures';

const voidBox = () => screen.getByLabelText('Void instead of delete') as HTMLInputElement;
const clickButton = () => screen.getByRole('button', { name: /^Verify and (delete|void) selected/ });
const chipOf = (key: string) => document.querySelector(`[data-key="${key}"] .chip`)?.textContent;
const description = () =>
  (clickButton().getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const filterNames = () => screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent ?? '');

/** Two voidable rows ready, a Bill ready, a reconciled JournalEntry, a closed-period Invoice. */
const mixed = () =>
  popupState({
    selection: [
      row(1, 'ready', 'Invoice'),
      row(2, 'ready', 'Payment'),
      row(3, 'ready', 'Bill'),
      row(4, 'reconciled', 'JournalEntry'),
      row(5, 'closedPeriod', 'Invoice'),
    ],
  });

describe('"Void instead of delete"', () => {
  it('is off by default: the click deletes, every ready row will be deleted', async () => {
    await renderPopup(mixed());
    expect(voidBox().checked).toBe(false);
    expect(clickButton().textContent).toMatch(/^Verify and delete selected/);
    expect(screen.queryByRole('button', { name: /^Verify and void selected/ })).toBeNull();
    expect(chipOf('Bill:3')).toBe('Ready');
    expect(screen.queryByText('Cannot be voided')).toBeNull();
    expect(description()).toContain('Will delete 3 ·');
    expect(description()).toContain('2 not in this click: 1 reconciled · 1 closed period');
    expect(filterNames().some((n) => n.startsWith('Will void'))).toBe(false);
    expect(filterNames().some((n) => n.startsWith('Will delete'))).toBe(true);
  });

  it('ticked: the button is "Verify and void selected", non-voidable rows are "Cannot be voided", the plan says "Will void"', async () => {
    await renderPopup(mixed());
    await settle(() => fireEvent.click(voidBox()));
    expect(voidBox().checked).toBe(true);
    // The accessible name changes, not only a label beside it.
    expect(screen.getByRole('button', { name: /^Verify and void selected/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Verify and delete selected/ })).toBeNull();
    // Chips: the Bill and the JournalEntry cannot be voided, whatever their status.
    expect(chipOf('Bill:3')).toBe('Cannot be voided');
    expect(chipOf('JournalEntry:4')).toBe('Cannot be voided');
    expect(chipOf('Invoice:1')).toBe('Ready');
    expect(chipOf('Payment:2')).toBe('Ready');
    expect(chipOf('Invoice:5')).toBe('Closed period');
    expect(screen.getByText('Cannot be voided: 2')).toBeTruthy(); // the summary's count
    // The filter's group and the plan line.
    const names = filterNames();
    expect(names.some((n) => /^Will void 2\b/.test(n))).toBe(true);
    expect(names.some((n) => n.startsWith('Will delete'))).toBe(false);
    expect(screen.getByRole('radio', { name: /^Will void 2/ })).toBeTruthy();
    const plan = document.querySelector('.plan-will')?.textContent ?? '';
    expect(plan).toMatch(/^Will void 2 · \$200\.03 · Invoice 1, Payment 1 · /);
    expect(document.querySelector('.plan-left')?.textContent).toBe(
      '3 not in this click: 2 cannot be voided · 1 closed period',
    );
    expect(description()).toContain('Will void 2 ·');
    expect(
      screen.getByText(/Voided transactions stay in QuickBooks at amount 0, marked Voided\./).textContent,
    ).toContain('2 transactions cannot be voided and will be left alone.');
  });

  it('"Will void" lists only the voidable rows; "Left alone" the ones that cannot be voided', async () => {
    await renderPopup(mixed());
    await settle(() => fireEvent.click(voidBox()));
    await settle(() => fireEvent.click(screen.getByRole('radio', { name: /^Will void/ })));
    const shown = [...document.querySelectorAll('[data-key]')].map((e) => e.getAttribute('data-key'));
    expect(shown.sort()).toEqual(['Invoice:1', 'Payment:2']);
    await settle(() => fireEvent.click(screen.getByRole('radio', { name: /^Left alone/ })));
    const left = [...document.querySelectorAll('[data-key]')].map((e) => e.getAttribute('data-key'));
    expect(left.sort()).toEqual(['Bill:3', 'Invoice:5', 'JournalEntry:4']);
  });

  it('clicking sends job/start with operation "void" (and the opt-ins as they are)', async () => {
    const p = await renderPopup(mixed());
    await settle(() => fireEvent.click(voidBox()));
    await settle(() => fireEvent.click(screen.getByLabelText('Include reconciled transactions')));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: /^Verify and void selected/ })));
    expect(p.bg.sentOfType('job/start')).toEqual([
      { type: 'job/start', includeReconciled: true, includeLinked: false, operation: 'void', scope: SHOWN },
    ]);
  });

  it('unticking restores "Verify and delete selected", the chips, the plan, and a delete job/start', async () => {
    const p = await renderPopup(mixed());
    await settle(() => fireEvent.click(voidBox()));
    expect(chipOf('Bill:3')).toBe('Cannot be voided');
    await settle(() => fireEvent.click(voidBox()));
    expect(voidBox().checked).toBe(false);
    expect(screen.getByRole('button', { name: /^Verify and delete selected/ })).toBeTruthy();
    expect(chipOf('Bill:3')).toBe('Ready');
    expect(screen.queryByText('Cannot be voided')).toBeNull();
    expect(document.querySelector('.plan-will')?.textContent).toMatch(/^Will delete 3 ·/);
    await settle(() => fireEvent.click(clickButton()));
    expect(p.bg.sentOfType('job/start')).toEqual([
      { type: 'job/start', includeReconciled: false, includeLinked: false, operation: 'delete', scope: SHOWN },
    ]);
  });

  it('with "Include reconciled" ticked, only reconciled rows that can be voided are counted in the warning', async () => {
    const selection = [row(1, 'ready'), row(2, 'reconciled', 'Invoice'), row(3, 'reconciled', 'JournalEntry')];
    const p = await renderPopup(popupState({ selection }));
    await settle(() => fireEvent.click(screen.getByLabelText('Include reconciled transactions')));
    expect(screen.getByText(/^2 reconciled transactions will be/)).toBeTruthy();
    await settle(() => fireEvent.click(voidBox()));
    expect(screen.getByText(/^1 reconciled transaction will be/)).toBeTruthy();
    expect(document.querySelector('.plan-will')?.textContent).toMatch(/^Will void 2 ·/);
    await settle(() => fireEvent.click(clickButton()));
    expect(p.bg.sentOfType('job/start')).toEqual([
      { type: 'job/start', includeReconciled: true, includeLinked: false, operation: 'void', scope: SHOWN },
    ]);
  });

  // Wording bug (components/DeletePanel.tsx, the reconciled and linked warnings): with "Void instead
  // of delete" ticked the opt-in warnings still say the transactions "will be deleted".
  it('with voiding ticked, the reconciled and linked warnings speak of voiding, not deleting', async () => {
    const linked = {
      ...row(3, 'linked', 'Payment'),
      warnings: linkedTo(['Invoice', '9']),
    };
    await renderPopup(popupState({ selection: [row(1, 'ready'), row(2, 'reconciled'), linked] }));
    await settle(() => fireEvent.click(voidBox()));
    await settle(() => fireEvent.click(screen.getByLabelText('Include reconciled transactions')));
    await settle(() => fireEvent.click(screen.getByLabelText('Include linked transactions')));
    const warnings = [...document.querySelectorAll('.warning')].map((e) => e.textContent ?? '');
    expect(warnings.some((w) => w.startsWith('1 reconciled transaction will be'))).toBe(true);
    expect(warnings.some((w) => w.startsWith('1 linked transaction will be'))).toBe(true);
    for (const w of warnings) expect(w).not.toMatch(/will be deleted/);
  });

  it('announces the end of the check in void words', async () => {
    const live = () => document.querySelector('[role="status"] [data-announce]')?.textContent;
    const p = await renderPopup(
      popupState({ selection: [row(1), row(2, undefined, 'Bill')], preflight: { at: 0, running: true } }),
    );
    await settle(() => fireEvent.click(voidBox()));
    await p.push(popupState({ selection: [row(1, 'ready'), row(2, 'ready', 'Bill')] }));
    expect(live()).toBe('Check finished: 1 to void, 1 not.');
  });

  it('with nothing voidable the click is unavailable and says "ready to void"', async () => {
    const p = await renderPopup(popupState({ selection: [row(1, 'ready', 'Bill'), row(2, 'ready', 'Purchase')] }));
    expect(clickButton().getAttribute('aria-disabled')).toBeNull();
    await settle(() => fireEvent.click(voidBox()));
    expect(clickButton().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('No selected transaction is ready to void.')).toBeTruthy();
    expect(description()).toContain('2 not in this click: 2 cannot be voided');
    await settle(() => fireEvent.click(clickButton()));
    expect(p.bg.sentOfType('job/start')).toEqual([]);
  });
});

const voidRecords: JobRecordView[] = [
  {
    key: 'Invoice:1',
    entity: 'Invoice',
    id: '1',
    docNumber: '1001',
    group: 'voided',
    outcome: 'voided',
    amount: 100,
    currency: 'USD',
  },
  {
    key: 'Payment:2',
    entity: 'Payment',
    id: '2',
    group: 'voided',
    outcome: 'voided',
    amount: 50.5,
    currency: 'USD',
  },
  {
    key: 'Invoice:3',
    entity: 'Invoice',
    id: '3',
    docNumber: '1003',
    group: 'skipped',
    outcome: 'skippedChanged',
  },
  {
    key: 'Payment:4',
    entity: 'Payment',
    id: '4',
    group: 'refused',
    outcome: 'refused',
    fault: { code: '6540', message: 'Deposited Transaction cannot be changed' },
  },
  {
    key: 'SalesReceipt:5',
    entity: 'SalesReceipt',
    id: '5',
    group: 'needsAttention',
    outcome: 'notVoidedVerified',
  },
];

const doneVoidJob = jobView({
  operation: 'void',
  state: 'done',
  done: 5,
  total: 5,
  finishedAt: NOW,
  counts: { deleted: 0, voided: 2, restored: 0, skipped: 1, refused: 1, needsAttention: 1 },
  records: voidRecords,
});

describe('a void job', () => {
  it('while running: "Voiding", its progress bar, and announcements in void words', async () => {
    const live = () => document.querySelector('[role="status"] [data-announce]')?.textContent;
    const p = await renderPopup(popupState());
    await p.push(popupState({ job: jobView({ operation: 'void', state: 'running', done: 0, total: 5 }) }));
    expect(screen.getByRole('heading', { name: 'Voiding' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Deleting' })).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Voiding progress' })).toBeTruthy();
    expect(live()).toBe('Voiding started: 5 to process.');
    expect(document.body.textContent).toContain('Verifying and voiding…');
    await p.push(popupState({ job: doneVoidJob }));
    expect(live()).toBe('Finished: 2 voided, 3 not voided, 1 need attention.');
  });

  it('finished: a "Voided" group (a table), "N voided" in the tie-out, and no "Deleted" group', async () => {
    await renderPopup(popupState({ job: doneVoidJob }));
    expect(
      screen.getByText('2 of the 5 transactions in this run were voided ($150.50); 3 were not (see below).'),
    ).toBeTruthy();
    const groups = screen.getAllByRole('button', {
      name: /^(Deleted|Voided|Restored|Skipped|Refused|Needs attention) \d+$/,
    });
    expect(groups.map((b) => b.textContent)).toEqual(['Needs attention 1', 'Refused 1', 'Skipped 1', 'Voided 2']);
    expect(screen.queryByRole('button', { name: /^Deleted/ })).toBeNull();
    const voided = screen.getByRole('button', { name: 'Voided 2' });
    expect(voided.getAttribute('aria-expanded')).toBe('false'); // the job's own action starts closed
    await settle(() => fireEvent.click(voided));
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('rowheader', { name: 'Invoice 1001' })).toBeTruthy();
    // Problem groups start open.
    expect(screen.getByRole('button', { name: 'Refused 1' }).getAttribute('aria-expanded')).toBe('true');
    expect(document.body.textContent).toContain('Payment (Id 4): Refused — it is on a bank deposit Open in QuickBooks');
    expect(document.body.textContent).not.toContain('6540');
  });

  it('"Copy summary" of a void job speaks of voided records, not deleted ones', async () => {
    let copied = '';
    await renderPopup(popupState({ job: doneVoidJob }), {
      writeText: async (text: string) => {
        copied = text;
      },
    });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Copy summary' })));
    expect(copied).toContain('5 in this run = 2 voided ($150.50) + 3 not voided');
    expect(copied).toContain('Voided: 2');
    expect(copied).not.toMatch(/^Deleted: /m);
  });

  // A real wording bug (lib/popup/words.ts outcomeReason): "Needs attention" always explains a
  // deletion unless the job is a restore, so a void the service did not apply is described as "did
  // not confirm the deletion".
  it('a record the service did not void ("Needs attention") is not explained as a deletion', async () => {
    await renderPopup(popupState({ job: doneVoidJob }));
    const attention = screen.getByRole('button', { name: 'Needs attention 1' });
    expect(attention.getAttribute('aria-expanded')).toBe('true');
    const region = document.getElementById(attention.getAttribute('aria-controls') ?? '');
    expect(region?.textContent).toContain('Not voided (verified)');
    expect(region?.textContent).not.toMatch(/delet/i);
  });

  // Also wording (lib/popup/operation-words.ts OPERATION_WORDS.void.stop / .undone): cancelling a
  // void job asks "Yes, stop deleting" and says "deletions already done are not undone".
  it("cancelling a void job's confirmation speaks of voiding, not deleting", async () => {
    await renderPopup(popupState({ job: jobView({ operation: 'void', state: 'running', done: 2, total: 5 }) }));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    const confirm = screen.getByRole('group', { name: 'Confirm cancelling' });
    expect(confirm.textContent).toContain('The 3 not yet processed stay untouched');
    expect(confirm.textContent).not.toMatch(/delet/i);
  });
});
