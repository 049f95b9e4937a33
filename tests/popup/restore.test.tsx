// @vitest-environment happy-dom
/** "Restore deleted records" (issue 11 §1): the preview before the click, then restore/start. */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { PageMessage, Reply } from '../../lib/messaging/protocol';
import type { JobView, PopupState, RestorePreview } from '../../lib/messaging/views';
import { cannotComeBackText } from '../../lib/popup/words';
import { jobView, NOW, popupState, renderPopup, SHOWN_COMPANY, settle } from './fixtures';

const CANNOT_COME_BACK = ['reconciliation', 'bankFeed', 'attachments', 'auditHistory', 'ownId'] as const;

const preview: RestorePreview = {
  willRestore: 3,
  byEntity: { Invoice: 2, Payment: 1 },
  amounts: { USD: 97199.1, EUR: -20.5 },
  refused: [
    {
      key: 'Invoice:9',
      entity: 'Invoice',
      id: '9',
      docNumber: '1009',
      party: 'Cool Cars',
      txnDate: '2024-03-01',
      amount: 1887.59,
      currency: 'USD',
      why: { code: 'closedPeriod', dated: '2024-03-01', closedThrough: '2024-12-31' },
    },
    {
      key: 'Deposit:4',
      entity: 'Deposit',
      id: '4',
      why: { code: 'linkedRefused', record: { entity: 'Invoice', id: '9' } },
    },
  ],
  cannotComeBack: [...CANNOT_COME_BACK],
  withDocNumbers: 2,
  scope: { ...SHOWN_COMPANY, stamp: 'plan-stamp-1' },
};

/** A finished deletion run that deleted two invoices. */
const deleteRun = (over: Partial<JobView> = {}) =>
  jobView({
    state: 'done',
    done: 2,
    total: 2,
    finishedAt: NOW,
    counts: { deleted: 2, voided: 0, restored: 0, skipped: 0, refused: 0, needsAttention: 0 },
    records: [
      { key: 'Invoice:1', entity: 'Invoice', id: '1', docNumber: '1001', group: 'deleted', outcome: 'deleted' },
      { key: 'Invoice:2', entity: 'Invoice', id: '2', docNumber: '1002', group: 'deleted', outcome: 'deleted' },
    ],
    ...over,
  });

const restoring = jobView({
  id: 'job-r',
  operation: 'restore',
  state: 'running',
  done: 0,
  total: 3,
  counts: { deleted: 0, voided: 0, restored: 0, skipped: 0, refused: 0, needsAttention: 0 },
});

/** Answers restore/preview with `answer`, restore/start with a running restore job. */
function background(p: Awaited<ReturnType<typeof renderPopup>>, answer: Reply<unknown> = { ok: true, data: preview }) {
  p.bg.reply = (m: PageMessage): Reply<unknown> => {
    if (m.type === 'restore/preview') return answer;
    if (m.type === 'restore/start') {
      const next: PopupState = { ...p.bg.state, version: p.bg.state.version + 1, job: restoring };
      return { ok: true, data: next };
    }
    return { ok: true, data: p.bg.state };
  };
}

const restoreButton = () => screen.getByRole('button', { name: 'Restore deleted records' });

describe('"Restore deleted records" on a deletion run’s result', () => {
  it('shows the preview of this run first; nothing is restored before "Restore N records"', async () => {
    const p = await renderPopup(popupState({ job: deleteRun() }));
    background(p);
    await settle(() => fireEvent.click(restoreButton()));
    expect(p.bg.sentOfType('restore/preview')).toEqual([
      { type: 'restore/preview', filter: { jobId: 'job-1' }, scope: SHOWN_COMPANY },
    ]);
    expect(p.bg.sentOfType('restore/start')).toEqual([]);

    // The preview's component arrives with the preview (a lazy chunk).
    const box = await screen.findByRole('region', { name: 'Before you restore' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Before you restore'));
    expect(box.textContent).toContain(
      '3 records will be re-created in QuickBooks as new transactions: Invoices 2, Payment 1.',
    );
    // What comes back adds up to: the total per currency, never one sum across currencies.
    expect(box.querySelector('.plan-total')?.textContent).toBe('Total $97,199.10 + -€20.50');
    const lost = within(box).getByRole('list', { name: 'What cannot come back' });
    expect(
      within(lost)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CANNOT_COME_BACK.map(cannotComeBackText));
    // Said in a bookkeeper's words: no field name of the service's.
    expect(lost.textContent).toContain('Its number is kept.');
    expect(lost.textContent).not.toMatch(/DocNumber/);
    const refused = within(box).getByRole('list', { name: '2 records cannot be restored' });
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      // As the deletion result named it: number, name, date, amount (issue 21 §7).
      'Invoice 1009 · Cool Cars · Mar 1, 2024 · $1,887.59: Closed period: dated Mar 1, 2024, the books are closed through Dec 31, 2024.',
      'Deposit (Id 4): It is linked to Invoice (Id 9), which cannot be restored, so it cannot come back as it was.',
    ]);
    // What cannot come back is read before the click; the refusals explain after it. No scroll box of its own.
    const restore = within(box).getByRole('button', { name: 'Restore 3 records' });
    expect(lost.compareDocumentPosition(restore) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(restore.compareDocumentPosition(refused) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(box.querySelector('[tabindex="0"]')).toBeNull();
    const allow = within(box).getByLabelText('Allow duplicate numbers') as HTMLInputElement;
    expect(allow.checked).toBe(false);
    expect(document.getElementById(allow.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^2 records keep their number\. Without this, QuickBooks refuses to re-create a record whose number another transaction has taken since/,
    );

    await settle(() => fireEvent.click(within(box).getByRole('button', { name: 'Restore 3 records' })));
    // Unticked: the option is not sent at all.
    expect(p.bg.sentOfType('restore/start')).toEqual([
      { type: 'restore/start', filter: { jobId: 'job-1' }, scope: preview.scope },
    ]);
    expect(screen.getByRole('heading', { name: 'Restoring' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Restore progress' })).toBeTruthy();
  });

  it('sends "Allow duplicate numbers" only when ticked', async () => {
    const p = await renderPopup(popupState({ job: deleteRun() }));
    background(p);
    await settle(() => fireEvent.click(restoreButton()));
    await settle(() => fireEvent.click(screen.getByLabelText('Allow duplicate numbers')));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Restore 3 records' })));
    expect(p.bg.sentOfType('restore/start')).toEqual([
      { type: 'restore/start', filter: { jobId: 'job-1' }, scope: preview.scope, allowDuplicateDocNumbers: true },
    ]);
  });

  it('"Cancel" closes the preview, sends nothing, and gives the focus back', async () => {
    const p = await renderPopup(popupState({ job: deleteRun() }));
    background(p);
    await settle(() => fireEvent.click(restoreButton()));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByRole('region', { name: 'Before you restore' })).toBeNull();
    expect(p.bg.sentOfType('restore/start')).toEqual([]);
    expect(document.activeElement).toBe(restoreButton());
  });

  it('a preview with nothing to restore offers no restore, and no duplicate-number choice', async () => {
    const p = await renderPopup(popupState({ job: deleteRun() }));
    background(p, { ok: true, data: { ...preview, willRestore: 0, byEntity: {}, withDocNumbers: 0 } });
    await settle(() => fireEvent.click(restoreButton()));
    expect(screen.getByText('Nothing can be restored with these choices.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Restore \d+ records?$/ })).toBeNull();
    expect(screen.queryByLabelText('Allow duplicate numbers')).toBeNull();
  });

  it('a refused preview says why and shows no preview', async () => {
    const p = await renderPopup(popupState({ job: deleteRun() }));
    background(p, { ok: false, error: 'The audit log cannot be read.' });
    await settle(() => fireEvent.click(restoreButton()));
    expect(screen.getByRole('alert').textContent).toBe('The audit log cannot be read.');
    expect(screen.queryByRole('region', { name: 'Before you restore' })).toBeNull();
    expect(restoreButton()).toBeTruthy();
  });

  it('is offered only after a deletion that deleted something', async () => {
    const nothing = deleteRun({
      counts: { deleted: 0, voided: 0, restored: 0, skipped: 2, refused: 0, needsAttention: 0 },
      records: [],
    });
    const { unmount } = await renderPopup(popupState({ job: nothing }));
    expect(screen.queryByRole('button', { name: 'Restore deleted records' })).toBeNull();
    unmount();
    const voided = deleteRun({
      operation: 'void',
      counts: { deleted: 0, voided: 2, restored: 0, skipped: 0, refused: 0, needsAttention: 0 },
      records: [],
    });
    await renderPopup(popupState({ job: voided }));
    expect(screen.queryByRole('button', { name: 'Restore deleted records' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Voided 2' })).toBeTruthy();
  });
});

describe('the model’s restore actions', () => {
  it('previewRestore answers the preview, or undefined with the reason when there is none', async () => {
    const p = await renderPopup(popupState());
    background(p);
    expect(await p.model.previewRestore({ jobId: 'job-1' })).toEqual(preview);
    expect(p.model.actionError.value).toBeUndefined();
    background(p, { ok: true, data: { willRestore: 3 } });
    expect(await p.model.previewRestore({})).toBeUndefined();
    expect(p.model.actionError.value).toBe('Safe Delete did not answer. Please try again in a moment.');
    p.bg.fail = true;
    expect(await p.model.previewRestore({})).toBeUndefined();
    expect(p.model.actionError.value).toBe('Safe Delete did not answer. Please try again in a moment.');
    expect(p.model.pending.value).toBeUndefined();
  });
});

describe('"Restore deleted records" in the audit log', () => {
  const runs = [
    deleteRun({ id: 'job-7', finishedAt: Date.parse('2026-11-20T10:00:00Z') }),
    deleteRun({
      id: 'job-v',
      operation: 'void',
      counts: { deleted: 0, voided: 2, restored: 0, skipped: 0, refused: 0, needsAttention: 0 },
    }),
  ];

  it('sends the filters as chosen: one deletion run, the dates, one type', async () => {
    const p = await renderPopup(popupState({ recentRuns: runs }));
    background(p);
    const open = restoreButton();
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await settle(() => fireEvent.click(open));
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const run = screen.getByLabelText('Deletion run') as HTMLSelectElement;
    // Only deletion runs: a void run deleted nothing.
    expect([...run.options].map((o) => o.value)).toEqual(['', 'job-7']);
    expect(run.options[0]?.textContent).toBe('All runs');
    expect(run.options[1]?.textContent).toMatch(/^Finished .*2026.*: 2 deleted$/);
    const type = screen.getByLabelText('Type') as HTMLSelectElement;
    expect(type.options[0]?.textContent).toBe('All types');
    await settle(() => fireEvent.change(run, { target: { value: 'job-7' } }));
    await settle(() =>
      fireEvent.input(screen.getByLabelText('Transaction date from'), { target: { value: '2024-01-01' } }),
    );
    await settle(() =>
      fireEvent.input(screen.getByLabelText('Transaction date to'), { target: { value: '2024-03-31' } }),
    );
    await settle(() => fireEvent.change(type, { target: { value: 'Payment' } }));
    expect(p.bg.sentOfType('restore/preview')).toEqual([]);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Preview restore' })));
    const filter = { jobId: 'job-7', from: '2024-01-01', to: '2024-03-31', entities: ['Payment'] };
    expect(p.bg.sentOfType('restore/preview')).toEqual([{ type: 'restore/preview', filter, scope: SHOWN_COMPANY }]);
    expect(p.bg.sentOfType('restore/start')).toEqual([]);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Restore 3 records' })));
    expect(p.bg.sentOfType('restore/start')).toEqual([{ type: 'restore/start', filter, scope: preview.scope }]);
    expect(screen.getByRole('heading', { name: 'Restoring' })).toBeTruthy();
  });

  it('"All runs", no dates and "All types" send an empty filter (every deleted record of the company)', async () => {
    const p = await renderPopup(popupState({ recentRuns: runs }));
    background(p);
    await settle(() => fireEvent.click(restoreButton()));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Preview restore' })));
    expect(p.bg.sentOfType('restore/preview')).toEqual([{ type: 'restore/preview', filter: {}, scope: SHOWN_COMPANY }]);
  });

  it('a changed filter drops the preview it no longer matches', async () => {
    const p = await renderPopup(popupState({ recentRuns: runs }));
    background(p);
    await settle(() => fireEvent.click(restoreButton()));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Preview restore' })));
    expect(screen.getByRole('region', { name: 'Before you restore' })).toBeTruthy();
    await settle(() => fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'Invoice' } }));
    expect(screen.queryByRole('region', { name: 'Before you restore' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore 3 records' })).toBeNull();
  });

  it('the filters and the preview have no serious accessibility violation', async () => {
    const p = await renderPopup(popupState({ recentRuns: runs }));
    background(p);
    await settle(() => fireEvent.click(restoreButton()));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Preview restore' })));
    expect(screen.getByRole('region', { name: 'Before you restore' })).toBeTruthy();
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      resultTypes: ['violations'],
    });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('refuses dates the wrong way round before asking', async () => {
    const p = await renderPopup(popupState());
    background(p);
    await settle(() => fireEvent.click(restoreButton()));
    await settle(() =>
      fireEvent.input(screen.getByLabelText('Transaction date from'), { target: { value: '2024-05-01' } }),
    );
    await settle(() =>
      fireEvent.input(screen.getByLabelText('Transaction date to'), { target: { value: '2024-03-31' } }),
    );
    expect(screen.getByText('The "from" date is after the "to" date.')).toBeTruthy();
    const ask = screen.getByRole('button', { name: 'Preview restore' }) as HTMLButtonElement;
    expect(ask.disabled).toBe(true);
    await settle(() => fireEvent.click(ask));
    expect(p.bg.sentOfType('restore/preview')).toEqual([]);
  });
});
