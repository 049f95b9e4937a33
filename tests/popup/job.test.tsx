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
    expect(screen.getByText("Waiting 60 s for the service's rate limit")).toBeTruthy();
    await p.advance(1000);
    expect(screen.getByText("Waiting 59 s for the service's rate limit")).toBeTruthy();
    await p.advance(1500);
    expect(screen.getByText("Waiting 58 s for the service's rate limit")).toBeTruthy();
  });

  it('explains pacing', async () => {
    await renderPopup(popupState({ job: jobView({ state: 'running', wait: { kind: 'pacing' } }) }));
    expect(screen.getByText("Pacing requests to stay under the service's limit")).toBeTruthy();
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
    expect(screen.getByLabelText('Access token')).toBeTruthy();
    expect(screen.getByText(/Token expired/)).toBeTruthy();
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

  it('shows counts per group that expand to their records with reasons and audit-history links', async () => {
    await renderPopup(popupState({ job: done }));
    const skipped = screen.getByRole('button', { name: 'Skipped 1' });
    expect(skipped.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Deleted 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refused 0' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Needs attention 0' })).toBeTruthy();
    expect(screen.queryByText(/changed since review/)).toBeNull();

    await settle(() => fireEvent.click(skipped));
    expect(skipped.getAttribute('aria-expanded')).toBe('true');
    const region = document.getElementById(skipped.getAttribute('aria-controls')!)!;
    expect(region.textContent).toContain('Bill (Id 7): Skipped: changed since review');
    expect(region.textContent).toContain('Edited by someone else at 10:41');
    const link = within(region).getByRole('link', { name: 'Audit history of Bill (Id 7)' });
    expect(link.getAttribute('href')).toBe('https://app.sandbox.qbo.intuit.com/app/audithistory?txnId=7');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
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
