// @vitest-environment happy-dom

import { readFileSync } from 'node:fs';
import { fireEvent, screen } from '@testing-library/preact';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { PageMessage, Reply } from '../../lib/messaging/protocol';
import type { PopupState } from '../../lib/messaging/views';
import { everyState, finishedEverywhere, openEveryGroup, restorePreview } from './a11y-states';
import { jobView, popupState, renderPopup, row, settle } from './fixtures';

// happy-dom has no layout, so colour-contrast (and region, which wants a full page) cannot be judged
// here; the e2e run in Chromium covers them.
// `every`: moderate and minor too (the states of issue 21 have none of any impact, and must keep none).
async function seriousViolations(container: Element, every = false) {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations
    .filter((v) => every || v.impact === 'serious' || v.impact === 'critical')
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
  [
    'page issues and page-ticked rows',
    popupState({
      selection: [row(1, 'ready'), row(2, 'pageMismatch'), row(3, 'linked')],
      pageTicked: [{ ...row(9), shown: { number: '1424', amount: '$1.00' } }],
      pageIssues: {
        staleTab: {
          url: 'https://app.qbo.intuit.com/app/invoices',
          title: 'Invoices',
          text: 'This tab still shows another company. Reload it.',
          at: 1,
        },
        counter: { url: 'https://app.qbo.intuit.com/app/banking', claimed: 300, seen: 48, at: 1 },
        unreadable: { url: 'https://app.qbo.intuit.com/app/x', tickedBoxes: 2, skeleton: 'tr > td', at: 1 },
      },
    }),
  ],
  [
    'signed in, two companies, recent runs',
    popupState({
      connection: {
        realmId: '1',
        environment: 'production',
        hasToken: true,
        remember: true,
        method: 'oauth',
        companyName: 'Alpha Co',
      },
      connections: [
        {
          realmId: '1',
          environment: 'production',
          method: 'oauth',
          needsReconnect: false,
          hasToken: true,
          companyName: 'Alpha Co',
        },
        { realmId: '2', environment: 'production', method: 'pasted', needsReconnect: false, hasToken: true },
      ],
      recentRuns: [jobView({ id: 'old', state: 'done', finishedAt: 1 })],
    }),
  ],
  [
    'sign-in ended: Reconnect',
    popupState({
      connection: {
        realmId: '1',
        environment: 'production',
        hasToken: false,
        remember: false,
        method: 'oauth',
        needsReconnect: true,
      },
    }),
  ],
  [
    'a result with problems open',
    popupState({
      job: jobView({
        state: 'done',
        counts: { deleted: 1, voided: 0, restored: 0, skipped: 1, refused: 0, needsAttention: 0 },
        records: [
          { key: 'Invoice:1', entity: 'Invoice', id: '1', group: 'deleted', outcome: 'deleted', amount: 5 },
          { key: 'Invoice:2', entity: 'Invoice', id: '2', group: 'skipped', outcome: 'skippedChanged' },
        ],
      }),
    }),
  ],
];

describe('popup accessibility (axe-core)', () => {
  it.each(screens)('has no serious violations: %s', async (_name, state) => {
    const { container } = await renderPopup(state);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('has no serious violations in an expanded result and an open cancel confirmation', async () => {
    const job = jobView({
      state: 'done',
      counts: { deleted: 1, voided: 0, restored: 0, skipped: 0, refused: 0, needsAttention: 0 },
      records: [{ key: 'Invoice:1', entity: 'Invoice', id: '1', group: 'deleted', outcome: 'deletedVerified' }],
    });
    const { container } = await renderPopup(popupState({ job }));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Deleted 1' })));
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('has no serious violations with the opt-in warnings, a group filter, a Forget confirmation and the full view', async () => {
    const { container } = await renderPopup(
      popupState({ selection: [row(1, 'ready'), row(2, 'reconciled'), row(3, 'linked'), row(4, 'deposited')] }),
      { openFullView: () => {} },
      { full: true },
    );
    await settle(() => fireEvent.click(screen.getByLabelText('Include reconciled transactions')));
    await settle(() => fireEvent.click(screen.getByLabelText('Include linked transactions')));
    await settle(() => fireEvent.click(screen.getByRole('radio', { name: /^Left alone/ })));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Forget' })));
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('no glyph in the accessible names of the group buttons or the chips', async () => {
    const job = jobView({
      state: 'done',
      counts: { deleted: 0, voided: 0, restored: 0, skipped: 0, refused: 0, needsAttention: 0 },
    });
    await renderPopup(popupState({ job }));
    for (const b of screen.getAllByRole('button')) expect(b.textContent).toMatch(/^[\p{L}\p{N} ().,'’:-]*$/u);
    const css = readFileSync('entrypoints/popup/style.css', 'utf8');
    for (const m of css.matchAll(/content:\s*("[^"]*")/g)) expect(m[1]).toBe('""');
  });
});

describe('popup accessibility (axe-core) in every state of issue 21', () => {
  it.each(everyState)('has no violations: %s', async (_name, state, how) => {
    const { container } = await renderPopup(state, {}, { full: how.full });
    await how.open?.();
    how.shows();
    expect(await seriousViolations(container, true)).toEqual([]);
  });

  it('opens every group of the finished result (the state above is the one meant)', async () => {
    await renderPopup(popupState({ job: finishedEverywhere }));
    await openEveryGroup();
    const groups = [...document.querySelectorAll('button.disclosure:not([disabled])')];
    expect(groups.length).toBeGreaterThanOrEqual(4);
    for (const g of groups) expect(g.getAttribute('aria-expanded')).toBe('true');
  });

  it('has no violations in the restore preview', async () => {
    const p = await renderPopup(popupState({ job: finishedEverywhere }));
    p.bg.reply = (m: PageMessage): Reply<unknown> =>
      m.type === 'restore/preview' ? { ok: true, data: restorePreview } : { ok: true, data: p.bg.state };
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Restore deleted records' })));
    // The preview's component arrives with the preview (a lazy chunk).
    expect(await screen.findByRole('region', { name: 'Before you restore' })).toBeTruthy();
    expect(await seriousViolations(p.container, true)).toEqual([]);
  });
});

describe('focus and announcements', () => {
  it("moves focus to the new section's heading when the job starts, ends, and is done", async () => {
    const p = await renderPopup(popupState());
    await p.push(popupState({ job: jobView({ state: 'running' }) }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Deleting' }));
    await p.push(popupState({ job: jobView({ state: 'done', done: 40 }) }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Finished' }));
    await p.push(popupState());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: /^Selection/ }));
  });

  it('announces, politely, that the check finished, each batch, and the end', async () => {
    const live = () => document.querySelector('[role="status"] [data-announce]')!.textContent;
    const p = await renderPopup(popupState({ selection: [row(1), row(2)], preflight: { at: 0, running: true } }));
    expect(live()).toBe('');
    await p.push(popupState({ selection: [row(1, 'ready'), row(2, 'closedPeriod')] }));
    expect(live()).toBe('Check finished: 1 to delete, 1 not.');
    await p.push(popupState({ job: jobView({ state: 'running', done: 0, total: 60 }) }));
    expect(live()).toBe('Deleting started: 60 to process.');
    await p.push(popupState({ job: jobView({ state: 'running', done: 30, total: 60 }) }));
    expect(live()).toBe('Processed 30 of 60.');
    await p.push(
      popupState({
        job: jobView({
          state: 'done',
          done: 60,
          total: 60,
          counts: { deleted: 58, voided: 0, restored: 0, skipped: 1, refused: 1, needsAttention: 0 },
        }),
      }),
    );
    expect(live()).toBe('Finished: 58 deleted, 2 not deleted.');
    expect(document.querySelector('[data-announce]')!.closest('[role="status"]')!.getAttribute('aria-live')).not.toBe(
      'assertive',
    );
  });
});
