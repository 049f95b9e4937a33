// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { jobView, NOW, popupState, renderPopup, settle } from './fixtures';

describe('popup while a job runs', () => {
  it('shows a progress bar with done/total, the ETA in words and the running counts', async () => {
    await renderPopup(popupState({ job: jobView({ done: 12, total: 40, etaMs: 3 * 60_000 }) }));
    const bar = screen.getByRole('progressbar', { name: 'Deletion progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('12');
    expect(bar.getAttribute('aria-valuemax')).toBe('40');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(screen.getByText(/12 of 40 processed · About 3 minutes left/)).toBeTruthy();
    expect(screen.getByText('Deleted: 10 · Skipped: 1 · Refused: 1 · Needs attention: 0')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify and delete selected' })).toBeNull();
  });

  it('counts a rate-limit wait down each second', async () => {
    const p = await renderPopup(
      popupState({ job: jobView({ state: 'waiting', wait: { kind: 'rateLimit', until: NOW + 60_000 } }) }),
    );
    expect(screen.getByText('QuickBooks asked us to slow down — continuing in 60 s. This is normal.')).toBeTruthy();
    await p.advance(1000);
    expect(screen.getByText('QuickBooks asked us to slow down — continuing in 59 s. This is normal.')).toBeTruthy();
    await p.advance(1500);
    expect(screen.getByText('QuickBooks asked us to slow down — continuing in 58 s. This is normal.')).toBeTruthy();
  });

  it('explains pacing', async () => {
    await renderPopup(popupState({ job: jobView({ state: 'running', wait: { kind: 'pacing' } }) }));
    expect(
      screen.getByText("Going at QuickBooks' pace so it does not have to slow us down. This is normal."),
    ).toBeTruthy();
  });

  it('asks for a new token, with the form, when the token expired', async () => {
    await renderPopup(
      popupState({
        connection: {
          realmId: '123',
          environment: 'sandbox',
          hasToken: true,
          remember: false,
          tokenExpiresAt: NOW - 1,
        },
        job: jobView({ state: 'tokenNeeded', wait: { kind: 'tokenNeeded' } }),
      }),
    );
    expect(screen.getByText('Paused: the access token expired. Paste a new token to resume.')).toBeTruthy();
    // The token field sits with the warning, in the job's section; the company is locked.
    const section = screen.getByRole('region', { name: 'Deleting' });
    expect(within(section).getByLabelText('Access token')).toBeTruthy();
    expect((within(section).getByLabelText('Company ID') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getAllByLabelText('Access token')).toHaveLength(1);
    expect(screen.getByText(/Token expired/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Forget' })).toBeNull();
    // It resumes by itself when a token is saved; Resume without one would only meet another 401.
    expect((screen.getByRole('button', { name: 'Resume' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('Pause, Resume, and Cancel after an inline confirmation send the job id', async () => {
    const p = await renderPopup(popupState({ job: jobView({ state: 'running' }) }));
    const pause = screen.getByRole('button', { name: 'Pause' }) as HTMLButtonElement;
    expect((screen.getByRole('button', { name: 'Resume' }) as HTMLButtonElement).disabled).toBe(true);
    await settle(() => fireEvent.click(pause));
    expect(p.bg.sentOfType('job/pause')).toEqual([{ type: 'job/pause', jobId: 'job-1' }]);

    await p.push(popupState({ job: jobView({ state: 'paused' }) }));
    expect(screen.getByText(/^Paused\./)).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Resume' })));
    expect(p.bg.sentOfType('job/resume')).toEqual([{ type: 'job/resume', jobId: 'job-1' }]);

    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await settle(() => fireEvent.click(cancel));
    expect(p.bg.sentOfType('job/cancel')).toHaveLength(0);
    expect(cancel.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/The 28 not yet processed stay untouched/)).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Yes, stop deleting' })));
    expect(p.bg.sentOfType('job/cancel')).toEqual([{ type: 'job/cancel', jobId: 'job-1' }]);
  });
});

describe('popup result', () => {
  const done = jobView({
    state: 'done',
    done: 3,
    total: 3,
    finishedAt: NOW,
    counts: { deleted: 2, skipped: 1, refused: 0, needsAttention: 0 },
    records: [
      {
        key: 'Invoice:1',
        entity: 'Invoice',
        id: '1',
        docNumber: '1001',
        group: 'deleted',
        outcome: 'Deleted (verified)',
      },
      {
        key: 'Invoice:2',
        entity: 'Invoice',
        id: '2',
        docNumber: '1002',
        group: 'deleted',
        outcome: 'Deleted (verified)',
      },
      {
        key: 'Bill:7',
        entity: 'Bill',
        id: '7',
        group: 'skipped',
        outcome: 'Skipped: changed since review',
        reason: 'Edited by someone else at 10:41',
      },
    ],
  });

  it('is a report: tie-out, problem groups first and open, the deleted as a compact table', async () => {
    await renderPopup(popupState({ job: done }));
    expect(screen.getByText('3 in this run = 2 deleted + 1 not deleted')).toBeTruthy();
    const groups = screen.getAllByRole('button', { name: /^(Deleted|Skipped|Refused|Needs attention) \d+$/ });
    expect(groups.map((b) => b.textContent)).toEqual(['Needs attention 0', 'Refused 0', 'Skipped 1', 'Deleted 2']);
    // Empty groups cannot open to "None.".
    expect((screen.getByRole('button', { name: 'Refused 0' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('None.')).toBeNull();
    const skipped = screen.getByRole('button', { name: 'Skipped 1' });
    expect(skipped.getAttribute('aria-expanded')).toBe('true');
    const region = document.getElementById(skipped.getAttribute('aria-controls')!)!;
    expect(region.textContent).toContain('Bill (Id 7): Skipped: changed since review');
    expect(region.textContent).toContain('Edited by someone else at 10:41');
    const link = within(region).getByRole('link', { name: 'Audit history of Bill (Id 7)' });
    expect(link.getAttribute('href')).toBe('https://app.sandbox.qbo.intuit.com/app/audithistory?txnId=7');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const open = within(region).getByRole('link', { name: 'Open in QuickBooks' });
    expect(open.getAttribute('href')).toBe('https://app.sandbox.qbo.intuit.com/app/bill?txnId=7');

    const deleted = screen.getByRole('button', { name: 'Deleted 2' });
    expect(deleted.getAttribute('aria-expanded')).toBe('false');
    await settle(() => fireEvent.click(deleted));
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('rowheader', { name: 'Invoice 1001' })).toBeTruthy();
    await settle(() => fireEvent.click(skipped));
    expect(skipped.getAttribute('aria-expanded')).toBe('false');
  });

  it('translates refusals into words, keeping the code and leaving the raw message to the audit log', async () => {
    const job = jobView({
      state: 'done',
      done: 2,
      total: 2,
      counts: { deleted: 0, skipped: 0, refused: 2, needsAttention: 0 },
      records: [
        {
          key: 'Invoice:5',
          entity: 'Invoice',
          id: '5',
          docNumber: '1005',
          group: 'refused',
          outcome: 'Refused: closed period',
          faultCode: '6210',
          reason: 'Cannot Update Through Services API',
        },
        {
          key: 'Payment:6',
          entity: 'Payment',
          id: '6',
          group: 'refused',
          outcome: 'Refused (6540: Deposited Transaction cannot be changed)',
          faultCode: '6540',
          reason: 'Deposited Transaction cannot be changed',
        },
      ],
    });
    await renderPopup(popupState({ job }));
    const text = document.body.textContent ?? '';
    expect(text).toContain('Invoice 1005: Refused: closed period — the books are closed for its date (code 6210)');
    expect(text).toContain('Payment (Id 6): Refused — it is on a bank deposit (code 6540)');
    expect(text).not.toContain('Cannot Update Through Services API');
    expect(text).not.toContain('Deposited Transaction cannot be changed');
  });

  it('"Copy summary" copies the report; the run downloads as CSV named after the company', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    const download = vi.fn();
    await renderPopup(
      popupState({
        connection: {
          realmId: '123',
          companyName: 'Maple Street Bakery',
          environment: 'sandbox',
          hasToken: true,
          remember: false,
        },
        job: {
          ...done,
          records: done.records.map((r) => (r.group === 'deleted' ? { ...r, amount: 100, currency: 'USD' } : r)),
        },
      }),
      { writeText, download },
    );
    expect(screen.getByText('3 in this run = 2 deleted ($200.00) + 1 not deleted')).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Copy summary' })));
    const summary = writeText.mock.calls[0]![0] as string;
    expect(summary).toContain('Maple Street Bakery (Company 123) · Sandbox');
    expect(summary).toContain('3 in this run = 2 deleted ($200.00) + 1 not deleted');
    expect(summary).toContain('- Bill (Id 7) · Skipped: changed since review');
    expect(summary.indexOf('Skipped: 1')).toBeLessThan(summary.indexOf('Deleted: 2'));
    expect(screen.getByText('Copied')).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Download this run (CSV)' })));
    const file = download.mock.calls[0]![0] as { filename: string; mime: string; content: string };
    expect(file.filename).toBe('safe-delete-Maple-Street-Bakery-2026-11-22.csv');
    expect(file.mime).toBe('text/csv');
    expect(file.content.split('\r\n')[0]).toBe(
      'Company,Company ID,Type,Number,Name,Date,Amount,Currency,Result,Why,Code',
    );
    expect(file.content).toContain('Maple Street Bakery,123,Invoice,1001,,,100,USD,Deleted (verified),,');
  });

  it('exports the audit log as CSV or JSON and hands the file to the download', async () => {
    const download = vi.fn();
    const p = await renderPopup(popupState({ job: done }), { download });
    const file = { filename: 'safe-delete-audit.json', mime: 'application/json', content: '[]' };
    p.bg.reply = () => ({ ok: true, data: file });
    fireEvent.change(screen.getByLabelText('Audit log format'), { target: { value: 'json' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Export audit log' })));
    expect(p.bg.sentOfType('audit/export')).toEqual([{ type: 'audit/export', format: 'json' }]);
    expect(download).toHaveBeenCalledWith(file);
  });

  it('Done dismisses the job', async () => {
    const p = await renderPopup(popupState({ job: done }));
    p.bg.reply = () => ({ ok: true, data: popupState({ version: 9 }) });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    expect(p.bg.sentOfType('job/dismiss')).toEqual([{ type: 'job/dismiss', jobId: 'job-1' }]);
    expect(screen.getByRole('button', { name: 'Verify and delete selected' })).toBeTruthy();
  });
});
