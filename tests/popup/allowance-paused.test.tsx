// @vitest-environment happy-dom
/**
 * A job paused because the app's monthly allowance of reads is used up (issue 23 §4) says so in
 * words: what happened, that nothing more was deleted, when the allowance resets. A job paused by the
 * person keeps its own line.
 */
import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { toJobView } from '../../lib/background/job-view';
import { describeFailure } from '../../lib/background/preflight-service';
import { pausedText } from '../../lib/popup/format';
import { jobView, pausedSnapshot, popupState, renderPopup } from './fixtures';

const resetsAt = Date.UTC(2026, 11, 1);

describe('paused: the monthly allowance of reads is used up', () => {
  it('the popup explains it, with the reset day, instead of the plain paused line', async () => {
    await renderPopup(popupState({ job: jobView({ state: 'paused', paused: { kind: 'allowanceUsedUp', resetsAt } }) }));
    const line = screen.getByText(/monthly allowance of reads/);
    expect(line.textContent).toBe(
      "Paused: Intuit's monthly allowance of reads for this app is used up, so Safe Delete cannot re-check records before changing them and nothing more was deleted. The allowance resets on Dec 1, 2026; resume then.",
    );
    expect(screen.queryByText(/^Paused\. Nothing more/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
  });

  it('a void job says voided; a job paused by the person has no reason', () => {
    expect(pausedText({ kind: 'allowanceUsedUp', resetsAt }, 'voided', 'en-US')).toContain('nothing more was voided');
    expect(pausedText(undefined, 'deleted')).toBeUndefined();
  });

  it('the background hands the reason to the popup as data', () => {
    const snapshot = pausedSnapshot({ pausedFor: { kind: 'allowanceUsedUp', resetsAt } });
    expect(toJobView(snapshot, []).paused).toEqual({ kind: 'allowanceUsedUp', resetsAt });
    expect(toJobView({ ...snapshot, pausedFor: undefined }, []).paused).toBeUndefined();
  });

  it('a check refused for the same reason says so, not that QuickBooks is not responding', () => {
    expect(describeFailure('allowanceUsedUp')).toMatch(/^Intuit's monthly allowance of reads for this app is used up/);
  });
});
