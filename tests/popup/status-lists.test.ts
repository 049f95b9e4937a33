/**
 * Every status has its place wherever statuses are listed: once in the chips' fixed order
 * (STATUS_DISPLAY_ORDER, whose completeness the compiler also checks), and a chip's shape says the
 * group its status falls in when the click does not take it, read from the status's declaration.
 */
import { describe, expect, it } from 'vitest';
import { tone } from '../../components/StatusChip';
import { PREFLIGHT_STATUSES } from '../../lib/domain/statuses';
import { CANNOT_VOID, planGroupOf, STATUS_DISPLAY_ORDER, WAITING } from '../../lib/popup/plan';

const NO_OPT_INS = { includeReconciled: false, includeLinked: false, includeInventory: false };

describe('status lists are exhaustive', () => {
  it('every status a row can show is in the chips’ order exactly once', () => {
    const shown = [...PREFLIGHT_STATUSES, CANNOT_VOID, WAITING, 'unchecked'];
    expect([...STATUS_DISPLAY_ORDER].sort()).toEqual([...shown].sort());
  });

  it('a chip’s shape follows the group its status falls in when not taken', () => {
    for (const status of PREFLIGHT_STATUSES) {
      const group = planGroupOf(status, NO_OPT_INS);
      const expected = status === 'ready' ? 'ok' : group === 'decision' ? 'decision' : 'protected';
      expect({ status, tone: tone(status) }).toEqual({ status, tone: expected });
    }
    expect([tone(undefined), tone('unchecked'), tone(WAITING), tone(CANNOT_VOID)]).toEqual([
      'none',
      'none',
      'none',
      'protected',
    ]);
  });
});
