/** Why the runner paused a job, worded from its code (lib/popup/words/jobs.ts). */
import { describe, expect, it } from 'vitest';
import { JobStopSchema } from '../../lib/domain/refusals';
import { jobStopText } from '../../lib/popup/words';

describe('a runner’s stop in words', () => {
  it('names the chunk and which of its parts cannot be read', () => {
    expect(jobStopText({ code: 'chunkUnreadable', chunk: 2, part: 'journal' })).toBe(
      'Journal of chunk 2 is unreadable',
    );
    expect(jobStopText({ code: 'chunkUnreadable', chunk: 0, part: 'records' })).toBe(
      'The reviewed records of chunk 0 are unreadable',
    );
  });

  it('passes the service’s fault through as it came, leaving no gap for a part it did not send', () => {
    const forbidden = (fault?: { code: string; message: string }) => jobStopText({ code: 'forbidden', fault });
    expect(forbidden({ code: '3100', message: 'denied' })).toBe(
      'The app may not access this company (403 3100 denied)',
    );
    expect(forbidden({ code: '', message: 'denied' })).toBe('The app may not access this company (403 denied)');
    expect(forbidden()).toBe('The app may not access this company (403)');
    expect(jobStopText({ code: 'readRefused', fault: { code: '4000', message: 'bad' } })).toBe(
      'The service refused a read: 4000 bad',
    );
  });

  it('shows a sentence an older build stored as it is', () => {
    expect(jobStopText({ code: 'worded', text: 'Journal of chunk 3 is unreadable', was: 'error' })).toBe(
      'Journal of chunk 3 is unreadable',
    );
  });

  it('a stop is data: a sentence where a code goes is refused', () => {
    expect(JobStopSchema.safeParse('Journal of chunk 3 is unreadable').success).toBe(false);
    expect(JobStopSchema.safeParse({ code: 'Journal of chunk 3 is unreadable' }).success).toBe(false);
  });
});
