/** lib/audit/retention.ts: an entry leaves the log only when exported AND older than the chosen retention. */
import { describe, expect, it } from 'vitest';
import { isPrunable } from '../../lib/audit/retention';

const DAY = 24 * 3600 * 1000;
const keep90 = { keepExportedMs: 90 * DAY };

describe('isPrunable', () => {
  const now = 1_000 * DAY;
  it('never, when the person chose to keep everything (the default)', () => {
    expect(isPrunable({ seq: 1, at: 0 }, 100, now, {})).toBe(false);
  });

  it('never an entry past the export watermark, however old', () => {
    expect(isPrunable({ seq: 101, at: 0 }, 100, now, keep90)).toBe(false);
  });

  it('an exported entry exactly at the watermark and older than the retention goes', () => {
    expect(isPrunable({ seq: 100, at: now - 90 * DAY - 1 }, 100, now, keep90)).toBe(true);
  });

  it('an exported entry exactly as old as the retention stays (strictly older goes)', () => {
    expect(isPrunable({ seq: 5, at: now - 90 * DAY }, 100, now, keep90)).toBe(false);
    expect(isPrunable({ seq: 5, at: now - 89 * DAY }, 100, now, keep90)).toBe(false);
  });
});
