// @vitest-environment happy-dom
/**
 * Records an earlier restore did not get confirmed may already be back in QuickBooks: the preview
 * lists them apart, says so, and sends them only when the person ticks "Restore these again anyway"
 * (then with the stamp of the plan that includes them, and that plan's count on the button).
 */
import { fireEvent, screen, within } from '@testing-library/preact';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { PageMessage, Reply } from '../../lib/messaging/protocol';
import type { JobView, PopupState, RestorePreview } from '../../lib/messaging/views';
import { jobView, NOW, popupState, renderPopup, SHOWN_COMPANY, settle } from './fixtures';

const preview: RestorePreview = {
  willRestore: 1,
  byEntity: { Transfer: 1 },
  refused: [],
  cannotComeBack: ['ownId'],
  withDocNumbers: 0,
  scope: { ...SHOWN_COMPANY, stamp: 'plain-stamp' },
  unconfirmed: {
    records: [
      {
        key: 'Deposit:7',
        entity: 'Deposit',
        id: '7',
        txnDate: '2025-02-03',
        amount: 250,
        currency: 'USD',
      },
      { key: 'Deposit:8', entity: 'Deposit', id: '8' },
    ],
    ifRestored: {
      willRestore: 3,
      byEntity: { Transfer: 1, Deposit: 2 },
      refused: [],
      withDocNumbers: 0,
      stamp: 'with-unconfirmed-stamp',
    },
  },
};

const deleteRun: JobView = jobView({
  state: 'done',
  done: 3,
  total: 3,
  finishedAt: NOW,
  counts: { deleted: 3, voided: 0, restored: 0, skipped: 0, refused: 0, needsAttention: 0 },
});

async function previewShown() {
  const p = await renderPopup(popupState({ job: deleteRun }));
  p.bg.reply = (m: PageMessage): Reply<unknown> => {
    if (m.type === 'restore/preview') return { ok: true, data: preview };
    if (m.type === 'restore/start') {
      const next: PopupState = { ...p.bg.state, version: p.bg.state.version + 1 };
      return { ok: true, data: next };
    }
    return { ok: true, data: p.bg.state };
  };
  await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Restore deleted records' })));
  return { p, box: await screen.findByRole('region', { name: 'Before you restore' }) };
}

const heading = '2 records may already be back in QuickBooks — check before restoring again';

describe('records whose restore was not confirmed', () => {
  it('are listed apart, with the warning, and left out unless the person ticks them', async () => {
    const { p, box } = await previewShown();
    expect(within(box).getByRole('heading', { name: heading })).toBeTruthy();
    expect(box.textContent).toContain('Deposit (Id 7) · Feb 3, 2025 · $250.00');
    const again = within(box).getByRole('checkbox', { name: 'Restore these again anyway' }) as HTMLInputElement;
    expect(again.checked).toBe(false);
    expect(document.getElementById(again.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /QuickBooks did not confirm/,
    );
    expect((await axe.run(box)).violations).toEqual([]);

    // Not ticked: the plain plan, its stamp, nothing about them.
    await settle(() => fireEvent.click(within(box).getByRole('button', { name: 'Restore 1 record' })));
    expect(p.bg.sentOfType('restore/start')).toEqual([
      { type: 'restore/start', filter: { jobId: 'job-1' }, scope: preview.scope },
    ]);
  });

  it('ticked: the button counts them, and the start names the choice and the stamp of that plan', async () => {
    const { p, box } = await previewShown();
    await settle(() => fireEvent.click(within(box).getByRole('checkbox', { name: 'Restore these again anyway' })));
    expect(box.textContent).toContain('3 records will be re-created in QuickBooks as new transactions');
    expect(within(box).queryByRole('button', { name: 'Restore 1 record' })).toBeNull();
    await settle(() => fireEvent.click(within(box).getByRole('button', { name: 'Restore 3 records' })));
    expect(p.bg.sentOfType('restore/start')).toEqual([
      {
        type: 'restore/start',
        filter: { jobId: 'job-1' },
        scope: { ...SHOWN_COMPANY, stamp: 'with-unconfirmed-stamp' },
        includeUnconfirmed: true,
      },
    ]);
  });
});
