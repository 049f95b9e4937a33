// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/preact';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { PopupState } from '../../lib/messaging/views';
import { jobView, popupState, renderPopup, row, settle } from './fixtures';

// happy-dom has no layout, so colour-contrast (and region, which wants a full page) cannot be judged
// here; the e2e run in Chromium covers them.
async function seriousViolations(container: Element) {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const screens: [string, PopupState][] = [
  ['no connection', popupState({ connection: { environment: 'sandbox', hasToken: false, remember: false } })],
  ['selection', popupState({ selection: [row(1, 'ready'), row(2, 'reconciled'), row(3), row(4, 'changed', 'Bill')] })],
  [
    'company mismatch',
    popupState({
      connection: { realmId: '1', pageRealmId: '2', environment: 'production', hasToken: true, remember: true },
    }),
  ],
  [
    'running',
    popupState({ job: jobView({ state: 'waiting', wait: { kind: 'rateLimit', until: Date.now() + 60_000 } }) }),
  ],
  ['token needed', popupState({ job: jobView({ state: 'tokenNeeded', wait: { kind: 'tokenNeeded' } }) })],
];

describe('popup accessibility (axe-core)', () => {
  it.each(screens)('has no serious violations: %s', async (_name, state) => {
    const { container } = await renderPopup(state);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('has no serious violations in an expanded result and an open cancel confirmation', async () => {
    const job = jobView({
      state: 'done',
      counts: { deleted: 1, skipped: 0, refused: 0, needsAttention: 0 },
      records: [{ key: 'Invoice:1', entity: 'Invoice', id: '1', group: 'deleted', outcome: 'Deleted (verified)' }],
    });
    const { container } = await renderPopup(popupState({ job }));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Deleted 1' })));
    expect(await seriousViolations(container)).toEqual([]);
  });
});
