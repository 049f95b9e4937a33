// @vitest-environment happy-dom
/** A restore job, running and finished, in the existing progress and result views with its own words. */
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import type { JobView } from '../../lib/messaging/views';
import { resultHeading, runSummary, tieOut } from '../../lib/popup/report';
import { runCsv } from '../../lib/popup/report-csv';
import { jobView, NOW, popupState, renderPopup, settle } from './fixtures';

const finished: JobView = jobView({
  id: 'job-r',
  operation: 'restore',
  state: 'done',
  done: 4,
  total: 4,
  finishedAt: NOW,
  counts: { deleted: 0, voided: 0, restored: 1, skipped: 0, refused: 2, needsAttention: 1 },
  records: [
    {
      key: 'Invoice:5',
      entity: 'Invoice',
      id: '5',
      docNumber: '1005',
      group: 'restored',
      outcome: 'restored',
      newId: '812',
    },
    {
      key: 'Invoice:6',
      entity: 'Invoice',
      id: '6',
      docNumber: '1006',
      group: 'refused',
      outcome: 'refused',
      fault: { code: '6140', message: 'Duplicate Document Number Error' },
    },
    {
      key: 'Payment:7',
      entity: 'Payment',
      id: '7',
      group: 'refused',
      outcome: 'refused',
      refusal: { code: 'linkedNotRestored', record: { entity: 'Invoice', id: '6' } },
    },
    { key: 'Bill:8', entity: 'Bill', id: '8', docNumber: 'B-8', group: 'needsAttention', outcome: 'unverified' },
  ],
});

describe('a restore job', () => {
  it('runs under its own words: heading, progress, activity, counts, cancel', async () => {
    await renderPopup(
      popupState({
        job: jobView({
          operation: 'restore',
          done: 1,
          total: 4,
          counts: { deleted: 0, voided: 0, restored: 1, skipped: 0, refused: 0, needsAttention: 0 },
        }),
      }),
    );
    const section = screen.getByRole('region', { name: 'Restoring' });
    expect(within(section).getByRole('progressbar', { name: 'Restore progress' })).toBeTruthy();
    expect(within(section).getByText('Verifying and restoring…')).toBeTruthy();
    expect(within(section).getByText('Restored: 1 · Skipped: 0 · Refused: 0 · Needs attention: 0')).toBeTruthy();
    expect(section.textContent).toContain('the restore continues');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(screen.getByRole('button', { name: 'Yes, stop restoring' })).toBeTruthy();
    expect(section.textContent).toContain('records already restored stay in QuickBooks');
  });

  it('announces its start and its end in its own words', async () => {
    const p = await renderPopup(popupState());
    const running = jobView({
      id: 'job-r',
      operation: 'restore',
      done: 0,
      total: 4,
      counts: { deleted: 0, voided: 0, restored: 0, skipped: 0, refused: 0, needsAttention: 0 },
    });
    await p.push(popupState({ job: running }));
    expect(p.model.announced.value).toBe('Restoring started: 4 to process.');
    await p.push(popupState({ job: finished }));
    expect(p.model.announced.value).toBe('Finished: 1 restored, 3 not restored, 1 need attention.');
  });

  it('finishes as a report: tie-out, "Restored" with old → new Ids both linked, refusals with reasons', async () => {
    await renderPopup(popupState({ job: finished }));
    expect(screen.getByText('1 of the 4 transactions in this run was restored; 3 were not (see below).')).toBeTruthy();
    const groups = screen.getAllByRole('button', {
      name: /^(Deleted|Voided|Restored|Skipped|Refused|Needs attention) \d+$/,
    });
    expect(groups.map((b) => b.textContent)).toEqual(['Needs attention 1', 'Refused 2', 'Skipped 0', 'Restored 1']);

    const restored = screen.getByRole('button', { name: 'Restored 1' });
    await settle(() => fireEvent.click(restored));
    const list = document.getElementById(restored.getAttribute('aria-controls')!)!;
    expect(list.textContent).toContain('Invoice 1005: Restored — Id 5 → Id 812');
    const old = within(list).getByRole('link', { name: 'Id 5, the deleted original of Invoice 1005' });
    expect(old.getAttribute('href')).toBe('https://app.sandbox.qbo.intuit.com/app/invoice?txnId=5');
    const copy = within(list).getByRole('link', { name: 'Id 812, the restored copy of Invoice 1005' });
    expect(copy.getAttribute('href')).toBe('https://app.sandbox.qbo.intuit.com/app/invoice?txnId=812');
    expect(copy.getAttribute('target')).toBe('_blank');
    expect(copy.getAttribute('rel')).toBe('noopener noreferrer');

    const refused = document.getElementById(
      screen.getByRole('button', { name: 'Refused 2' }).getAttribute('aria-controls')!,
    )!;
    expect(refused.textContent).toContain(
      'Invoice 1006: Refused — another transaction uses its number now (allow duplicate numbers to restore it) Audit history',
    );
    expect(refused.textContent).not.toContain('6140'); // the service's code is the files' business
    expect(refused.textContent).toContain(
      'Payment (Id 7): Refused — Not restored: it was linked to Invoice (Id 6), which was not restored.',
    );
    expect(refused.textContent).not.toContain('Duplicate Document Number Error');
    // The originals are deleted: nothing to open in QuickBooks but their audit history.
    expect(within(refused).queryByRole('link', { name: 'Open in QuickBooks' })).toBeNull();
    const attention = document.getElementById(
      screen.getByRole('button', { name: 'Needs attention 1' }).getAttribute('aria-controls')!,
    )!;
    expect(attention.textContent).toContain('QuickBooks did not confirm the restored copy.');
    expect(attention.textContent).not.toContain('deletion');
  });

  it('says what finished, with its counts, and no "left alone by the check" (the check is the deletion’s)', async () => {
    await renderPopup(popupState({ job: { ...finished, leftAlone: 10 } }));
    expect(
      screen.getByRole('heading', { level: 2, name: 'Finished restoring: 1 restored, 3 not restored' }),
    ).toBeTruthy();
    expect(screen.getByText('1 of the 4 transactions in this run was restored; 3 were not (see below).')).toBeTruthy();
    expect(document.body.textContent).not.toContain('left alone by the check');
    expect(tieOut({ ...finished, leftAlone: 10 })).toBe('4 in this run = 1 restored + 3 not restored');
    // A deletion's result keeps its heading and says what its check left alone.
    const deletion = { ...finished, operation: 'delete' as const, leftAlone: 10 };
    expect(resultHeading(deletion)).toBe('Finished');
    expect(tieOut(deletion)).toMatch(/ · 10 more left alone by the check$/);
    expect(resultHeading({ ...finished, state: 'cancelled', total: 6 })).toBe(
      'Stopped restoring: 1 restored, 3 not restored, 2 untouched',
    );
  });

  it('does not offer "Restore deleted records" again', async () => {
    await renderPopup(popupState({ job: finished }));
    expect(screen.getByRole('heading', { name: /^Finished restoring: / })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore deleted records' })).toBeNull();
  });

  it('its summary and CSV say old → new Id, and why the rest were not restored', () => {
    expect(tieOut(finished)).toBe('4 in this run = 1 restored + 3 not restored');
    const summary = runSummary(finished, 'Maple Street Bakery', 'en-US');
    expect(summary).toContain('Restored: 1\n- Invoice 1005 · Id 5 → Id 812 · Restored');
    expect(summary).toContain('- Invoice 1006 · Refused · another transaction uses its number now');
    expect(summary).not.toContain('Deleted:');
    const csv = runCsv(finished, 'Maple Street Bakery');
    expect(csv).toContain('Maple Street Bakery,123,Invoice,1005,,,,,Restored: Id 5 → Id 812,,');
  });

  it('a delete job’s running counts and result stay as they were', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    await renderPopup(
      popupState({
        job: jobView({
          state: 'done',
          done: 1,
          total: 1,
          counts: { deleted: 1, voided: 0, restored: 0, skipped: 0, refused: 0, needsAttention: 0 },
          records: [{ key: 'Invoice:1', entity: 'Invoice', id: '1', group: 'deleted', outcome: 'deleted' }],
        }),
      }),
      { writeText },
    );
    const groups = screen.getAllByRole('button', {
      name: /^(Deleted|Voided|Restored|Skipped|Refused|Needs attention) \d+$/,
    });
    expect(groups.map((b) => b.textContent)).toEqual(['Needs attention 0', 'Refused 0', 'Skipped 0', 'Deleted 1']);
    expect(screen.getByText('The 1 transaction in this run was deleted.')).toBeTruthy();
  });
});
