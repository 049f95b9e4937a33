// @vitest-environment happy-dom
/**
 * Why the runner paused a job on its own (the job's `stop`, a code) reaches the popup as data and is
 * said there in words a bookkeeper can act on: what could not be done, and what to do next. A job
 * paused by the person keeps its plain line; a resumed job carries no stop.
 */
import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { toJobView } from '../../lib/background/job-view';
import { JobStopSchema } from '../../lib/domain/refusals';
import { jobStopText } from '../../lib/popup/words';
import { jobView, pausedSnapshot, popupState, renderPopup } from './fixtures';

describe('a runner’s stop in words', () => {
  it('names the part of the job whose own record cannot be read, counted from 1, and what to do', () => {
    expect(jobStopText({ code: 'chunkUnreadable', chunk: 2, part: 'journal' })).toBe(
      "Paused: this browser's own record of part 3 of the job (what was already done) cannot be read, so Safe Delete stopped rather than guess. Export the audit log before going on.",
    );
    expect(jobStopText({ code: 'chunkUnreadable', chunk: 0, part: 'records' })).toContain(
      'part 1 of the job (the records you reviewed)',
    );
  });

  it('passes the service’s fault through as it came, and says nothing empty when it has none', () => {
    const forbidden = (fault?: { code: string; message: string }) => jobStopText({ code: 'forbidden', fault });
    expect(forbidden({ code: '3100', message: 'denied' })).toBe(
      "Paused: QuickBooks no longer lets Safe Delete work in this company (403 3100 denied). Check the app's access in QuickBooks, then resume.",
    );
    expect(forbidden({ code: '', message: 'denied' })).toContain('(403 denied)');
    expect(forbidden()).toContain('(403)');
    expect(jobStopText({ code: 'readRefused', fault: { code: '4000', message: 'bad' } })).toBe(
      'Paused: QuickBooks refused a read the job needs (4000 bad). Resume to try again.',
    );
  });

  it('a stop is data: a sentence where a code goes is refused', () => {
    expect(JobStopSchema.safeParse('Journal of chunk 3 is unreadable').success).toBe(false);
    expect(JobStopSchema.safeParse({ code: 'Journal of chunk 3 is unreadable' }).success).toBe(false);
  });

  it('a sentence an older build stored is shown as it was', () => {
    expect(jobStopText({ code: 'worded', text: 'Journal of chunk 3 is unreadable', was: 'error' })).toBe(
      'Journal of chunk 3 is unreadable',
    );
  });
});

describe('a stopped job in the popup', () => {
  const snapshot = pausedSnapshot({ stop: { code: 'readRefused', fault: { code: '4000', message: 'bad' } } });

  it('the background hands the stop to the popup as data, only while the job is paused', () => {
    expect(toJobView(snapshot, []).stop).toEqual(snapshot.stop);
    expect(toJobView({ ...snapshot, status: 'running' }, []).stop).toBeUndefined();
    expect(toJobView({ ...snapshot, stop: undefined }, []).stop).toBeUndefined();
  });

  it('the popup says why instead of the plain paused line, and Resume stays', async () => {
    await renderPopup(
      popupState({
        job: jobView({ state: 'paused', stop: { code: 'forbidden', fault: { code: '3100', message: 'x' } } }),
      }),
    );
    expect(screen.getByText(/no longer lets Safe Delete work in this company \(403 3100 x\)/)).toBeTruthy();
    expect(screen.queryByText(/^Paused\. Nothing more/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
  });

  it('a job the person paused keeps its plain line', async () => {
    await renderPopup(popupState({ job: jobView({ state: 'paused' }) }));
    expect(screen.getByText('Paused. Nothing more is deleted until you resume.')).toBeTruthy();
  });
});
