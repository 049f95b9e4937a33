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
    expect(screen.queryByRole('button', { name: /^Verify and delete selected/ })).toBeNull();
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
    counts: { deleted: 2, voided: 0, restored: 0, skipped: 1, refused: 0, needsAttention: 0 },
    records: [
      {
        key: 'Invoice:1',
        entity: 'Invoice',
        id: '1',
        docNumber: '1001',
        group: 'deleted',
        outcome: 'deletedVerified',
      },
      {
        key: 'Invoice:2',
        entity: 'Invoice',
        id: '2',
        docNumber: '1002',
        group: 'deleted',
        outcome: 'deletedVerified',
      },
      {
        key: 'Bill:7',
        entity: 'Bill',
        id: '7',
        group: 'skipped',
        outcome: 'skippedChanged',
        fault: { code: '5010', message: 'Stale Object Error' },
      },
    ],
  });

  it('is a report: tie-out, problem groups first and open, the deleted as a compact table', async () => {
    await renderPopup(popupState({ job: done }), { openReport: () => undefined });
    // The tie-out is a sentence on screen (the report keeps its equation).
    expect(screen.getByText('2 of the 3 transactions in this run were deleted; 1 was not (see below).')).toBeTruthy();
    expect(document.body.textContent).not.toContain('in this run =');
    // What leaves the screen is one group: the client's report first, then the person's own copies.
    const exports = document.querySelector('.exports')!;
    expect([...exports.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Print the report',
      'Download the report (Excel)',
      'Download the report (CSV)',
      'Copy summary',
      'Download this run (CSV)',
    ]);
    const groups = screen.getAllByRole('button', { name: /^(Deleted|Skipped|Refused|Needs attention) \d+$/ });
    expect(groups.map((b) => b.textContent)).toEqual(['Needs attention 0', 'Refused 0', 'Skipped 1', 'Deleted 2']);
    // Empty groups cannot open to "None.".
    expect((screen.getByRole('button', { name: 'Refused 0' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('None.')).toBeNull();
    const skipped = screen.getByRole('button', { name: 'Skipped 1' });
    expect(skipped.getAttribute('aria-expanded')).toBe('true');
    const region = document.getElementById(skipped.getAttribute('aria-controls')!)!;
    expect(region.textContent).toContain('Bill (Id 7): Skipped: changed since review');
    expect(region.textContent).toContain('someone changed it in QuickBooks');
    expect(region.textContent).not.toContain('5010'); // the service's code is the files' business
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

  it('translates refusals into words, leaving the code to the files and the raw message to the audit log', async () => {
    const job = jobView({
      state: 'done',
      done: 2,
      total: 2,
      counts: { deleted: 0, voided: 0, restored: 0, skipped: 0, refused: 2, needsAttention: 0 },
      records: [
        {
          key: 'Invoice:5',
          entity: 'Invoice',
          id: '5',
          docNumber: '1005',
          group: 'refused',
          outcome: 'closedPeriod',
          fault: { code: '6210', message: 'Cannot Update Through Services API' },
        },
        {
          key: 'Payment:6',
          entity: 'Payment',
          id: '6',
          group: 'refused',
          outcome: 'refused',
          fault: { code: '6540', message: 'Deposited Transaction cannot be changed' },
        },
      ],
    });
    await renderPopup(popupState({ job }));
    const text = document.body.textContent ?? '';
    expect(text).toContain('Invoice 1005: Refused: closed period — the books are closed for its date');
    expect(text).toContain('Payment (Id 6): Refused — it is on a bank deposit');
    expect(text).not.toMatch(/\(code|6210|6540/);
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
    expect(
      screen.getByText('2 of the 3 transactions in this run were deleted ($200.00); 1 was not (see below).'),
    ).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Copy summary' })));
    const summary = writeText.mock.calls[0]![0] as string;
    expect(summary).toContain('Maple Street Bakery (Company 123) · Sandbox (test company)\n');
    expect(summary).toContain('3 in this run = 2 deleted ($200.00) + 1 not deleted');
    expect(summary).toContain('- Bill (Id 7) · Skipped: changed since review');
    expect(summary.indexOf('Skipped: 1')).toBeLessThan(summary.indexOf('Deleted: 2'));
    expect(screen.getByText('Copied')).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Download this run (CSV)' })));
    const file = download.mock.calls[0]![0] as { filename: string; mime: string; parts: string[] };
    const content = file.parts.join('');
    expect(file.filename).toBe('safe-delete-Maple-Street-Bakery-2026-11-22.csv');
    expect(file.mime).toBe('text/csv');
    expect(content.split('\r\n')[0]).toBe(
      'Company,Company ID,Type,Number,Name,Date,Amount,Currency,Result,Why,Attachments,Inventory,Sales tax,QuickBooks error code',
    );
    expect(content).toContain('Maple Street Bakery,123,Invoice,1001,,,100.00,USD,Deleted (verified),,');
  });

  it('exports the audit log page by page into one file, and records the export once the person says it is saved', async () => {
    const download = vi.fn();
    const p = await renderPopup(popupState({ job: done }), { download });
    const pages = [
      {
        filename: 'safe-delete-audit.json',
        mime: 'application/json',
        content: '[\n{"id":"1"}',
        next: 1000,
        through: 1000,
      },
      {
        filename: 'safe-delete-audit.json',
        mime: 'application/json',
        content: ',\n{"id":"1001"}',
        next: 2000,
        through: 2000,
      },
      { filename: 'safe-delete-audit.json', mime: 'application/json', content: ',\n{"id":"2001"}\n]\n', through: 2001 },
    ];
    p.bg.reply = (m) => {
      if (m.type !== 'audit/export') return { ok: true, data: p.bg.state };
      const page = pages[[0, 1000, 2000].indexOf(m.after ?? 0)];
      return page ? { ok: true, data: page } : { ok: false, error: 'no such page' };
    };
    fireEvent.change(screen.getByLabelText('Audit log format'), { target: { value: 'json' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Export audit log' })));
    expect(p.bg.sentOfType('audit/export')).toEqual([
      { type: 'audit/export', format: 'json', after: 0 },
      { type: 'audit/export', format: 'json', after: 1000 },
      { type: 'audit/export', format: 'json', after: 2000 },
    ]);
    expect(download).toHaveBeenCalledTimes(1);
    const file = download.mock.calls[0]![0] as { filename: string; mime: string; parts: string[] };
    expect(file.filename).toBe('safe-delete-audit.json');
    expect(JSON.parse(file.parts.join(''))).toEqual([{ id: '1' }, { id: '1001' }, { id: '2001' }]);
    // Handed over is not saved: the watermark moves only when the person says the file is saved
    // (exported entries are the only prunable and clearable ones).
    expect(p.bg.sentOfType('audit/exported')).toEqual([]);
    expect(screen.getByText(/^Did the file save\?/)).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Yes, the file is saved' })));
    expect(p.bg.sentOfType('audit/exported')).toEqual([{ type: 'audit/exported', through: 2001 }]);
    expect(screen.queryByText(/^Did the file save\?/)).toBeNull();
  });

  it('a failed page downloads nothing and records no export', async () => {
    const download = vi.fn();
    const p = await renderPopup(popupState({ job: done }), { download });
    p.bg.reply = (m) =>
      m.type === 'audit/export' && m.after
        ? { ok: false, error: 'The audit log cannot be read.' }
        : { ok: true, data: { filename: 'a.csv', mime: 'text/csv', content: 'h\r\n', next: 5, through: 5 } };
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Export audit log' })));
    expect(download).not.toHaveBeenCalled();
    expect(p.bg.sentOfType('audit/exported')).toEqual([]);
    expect(screen.getByText('The audit log cannot be read.')).toBeTruthy();
  });

  it('shows the log’s size and what is not exported yet; "Keep exported entries" asks the background', async () => {
    const p = await renderPopup(
      popupState({ audit: { entries: 25_000, bytes: 48_200_000, notExported: 3_000, keepExportedDays: undefined } }),
    );
    expect(screen.getByText('Audit log: 25,000 records · 48.2 MB · 3,000 not exported yet')).toBeTruthy();
    const keep = screen.getByLabelText('Keep exported entries') as HTMLSelectElement;
    expect(keep.value).toBe('');
    await settle(() => fireEvent.change(keep, { target: { value: '90' } }));
    expect(p.bg.sentOfType('audit/retention')).toEqual([{ type: 'audit/retention', keepExportedDays: 90 }]);
  });

  it('an unreadable audit log is said, not hidden', async () => {
    await renderPopup(popupState({ audit: { entries: 0, bytes: 0, notExported: 0, error: 'UnknownError' } }));
    const said = screen
      .getAllByRole('alert')
      .filter((a) =>
        /^The audit log cannot be read: UnknownError\. Nothing in it was removed\./.test(a.textContent ?? ''),
      );
    expect(said).toHaveLength(1);
  });

  it('Done dismisses the job', async () => {
    const p = await renderPopup(popupState({ job: done }));
    p.bg.reply = () => ({ ok: true, data: popupState({ version: 9 }) });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    expect(p.bg.sentOfType('job/dismiss')).toEqual([{ type: 'job/dismiss', jobId: 'job-1' }]);
    expect(screen.getByRole('button', { name: /^Verify and delete selected/ })).toBeTruthy();
  });
});
