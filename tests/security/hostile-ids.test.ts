// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "fetch": { "disableSameOriginPolicy": true } } }
/**
 * Threat: a hostile or compromised page (XSS in the web app, a look-alike list) plants transaction
 * links whose Ids are SQL-ish, negative, too long, non-ASCII digits or duplicated. The whole chain is
 * driven: the saved hostile page → scanRows / the content script's collector → the background's
 * router → the preflight's real HTTP calls to the simulator. No hostile string may reach a request,
 * and every statement sent must hold nothing but validated numeric Ids.
 * (happy-dom's fetch applies the same-origin policy of the test page; an extension's background is
 * not bound by it for its host permissions, so the option above turns it off for the simulator.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCollector } from '../../lib/collect/collector';
import { scanRows } from '../../lib/collect/rows';
import { ID_PATTERN } from '../../lib/domain/entities';
import type { PageHello, SelectionReport } from '../../lib/messaging/content-protocol';
import type { ContentSend } from '../../lib/messaging/protocol';
import { createFakeTimers, settle } from '../collect/fake-timers';
import { loadPage } from '../collect/load-page';
import {
  createSecurityHarness,
  PAGE_URL,
  SENDERS,
  type SecurityHarness,
  saveConnection,
  selectionReport,
  statementsIn,
} from './harness';

const PAGE = 'sim-sales-hostile.html';
const URL_OF_PAGE = `${PAGE_URL}?hostile=1`;

/** The hostile Ids planted in the saved page (see its rows' labels). */
const HOSTILE_IDS = [
  "1' OR '1'='1",
  '-5',
  '123456789012345678901234567890',
  '١٢٣', // Arabic-Indic digits
  '１２３', // full-width digits
  '0012',
  '12abc',
];
/** Substrings that must not appear in any request, raw or percent-decoded. */
const FORBIDDEN = [
  "' OR '",
  ' OR ',
  '123456789012345678901234567890',
  '١٢٣',
  '１２３',
  "'0012'",
  "'-5'",
  '12abc',
  '__proto__',
  'evil.example',
  'javascript:',
  'script',
];

/** The only statement shapes the query builder may produce (R4), Ids quoted 1-20 ASCII digits. */
const ID = "'[1-9][0-9]{0,19}'";
const IDS = `\\(${ID}(,${ID})*\\)`;
const PAGING = '( startposition [1-9][0-9]* maxresults [1-9][0-9]*)?';
const STATEMENT = new RegExp(
  `^select (\\*|count\\(\\*\\)) from [A-Za-z]+ where Id in ${IDS}${PAGING}$` +
    // The check's read of the records' attachments: their type as a word, their Ids as above.
    `|^select \\* from Attachable where AttachableRef\\.EntityRef\\.Type = '[A-Za-z]+' and AttachableRef\\.EntityRef\\.value in ${IDS}${PAGING}$`,
);
/** The Ids a statement sends: the quoted values of its `in (…)` list. */
const idsIn = (statement: string) =>
  [...(/ in \(([^)]*)\)/.exec(statement)?.[1] ?? '').matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '');

function tickAll(root: ParentNode): void {
  for (const box of root.querySelectorAll<HTMLInputElement>('tbody input[type="checkbox"]')) {
    box.setAttribute('checked', '');
    box.checked = true;
  }
}

/** Ids the page's VALID links carry (what scanRows must give, duplicates once). */
const VALID_KEYS = [
  ...[101, 111, 121, 131].map((n) => `Invoice:${n}`),
  ...[102, 112, 122, 132].map((n) => `SalesReceipt:${n}`),
  ...[103, 113, 123, 133].map((n) => `Payment:${n}`),
  ...[104, 114, 124, 134].map((n) => `CreditMemo:${n}`),
  ...[105, 115, 125, 135].map((n) => `Estimate:${n}`),
].sort();

describe('hostile Ids on a page never reach a query', () => {
  let h: SecurityHarness;
  beforeEach(async () => {
    h = await createSecurityHarness();
  });
  afterEach(async () => {
    document.body.innerHTML = '';
    await h.close();
  });

  it('scanRows keeps only valid numeric Ids, each once, and counts every hostile link as refused', () => {
    const doc = loadPage(PAGE);
    tickAll(doc);
    const { rows, ignored } = scanRows(doc, URL_OF_PAGE);
    expect(rows.map((r) => r.key).sort()).toEqual(VALID_KEYS);
    for (const row of rows) expect(row.id).toMatch(ID_PATTERN);
    expect(rows.every((r) => r.selected)).toBe(true);
    // SQL, negative, 30 digits, both non-ASCII digit sets, leading zeros, trailing letters, empty.
    expect(ignored['invalid-id']).toBe(8);
    expect(ignored['ambiguous-id']).toBe(1);
    expect(ignored['unknown-slug']).toBe(3); // payroll, __proto__, Invoice (wrong case)
    expect(ignored['other-origin']).toBe(2); // evil.example, javascript:
    expect(ignored['duplicate-row']).toBe(1);
  });

  it('the content script’s report, the router and the preflight send only validated Ids to the service', async () => {
    const company = h.sim.seedCompany({ count: 30, entities: { Invoice: 1 } });
    h.setPageCompany(company.realmId);

    // The real content-script logic on the mounted hostile page, every row ticked when it loads
    // (so: ticked by the page, not by the person). The background answers the page's hello.
    document.body.innerHTML = loadPage(PAGE).body.innerHTML;
    tickAll(document);
    const timers = createFakeTimers();
    const send = vi.fn(async (message: SelectionReport | PageHello) =>
      message.type === 'page/hello' ? h.send(message, SENDERS.contentScript) : undefined,
    );
    const controller = new AbortController();
    const collector = startCollector({
      document,
      location: () => URL_OF_PAGE,
      now: timers.now,
      send: send as ContentSend,
      signal: controller.signal,
      onLocationChange: () => undefined,
      timers: timers.timers,
    });
    await settle();
    timers.advance(150);
    await collector.idle();
    controller.abort();
    const reports = send.mock.calls.map(([m]) => m).filter((m) => m.type === 'selection/report');
    expect(reports.length).toBeGreaterThan(0);
    for (const report of reports) {
      expect(JSON.stringify(report)).not.toMatch(/OR|١|１|abc|-5"|0012|1234567890123456789/);
      const reply = await h.send(report, SENDERS.contentScript);
      expect(reply).toEqual({ ok: true, data: { selected: expect.any(Number), refused: [] } });
    }
    // Ticked before any gesture: held apart until the person adds them from the popup.
    const scope = { realmId: company.realmId, environment: 'production' as const };
    expect(await h.background.core.selection.read(scope)).toEqual({});
    const held = Object.keys(await h.background.core.selection.readPageTicked(scope)).sort();
    expect(held).toEqual(VALID_KEYS);
    expect((await h.click({ type: 'selection/adopt', keys: held }, SENDERS.popup)).ok).toBe(true);

    // A compromised content script skipping the collector: the router's schema refuses the lot.
    for (const id of HOSTILE_IDS) {
      const forged = selectionReport([`Invoice:${id}`], h.clock.now(), company.realmId);
      expect((await h.send(forged, SENDERS.contentScript)).ok, id).toBe(false);
    }
    const doubled = selectionReport(['Invoice:101', 'Invoice:101'], h.clock.now(), company.realmId);
    expect((await h.send(doubled, SENDERS.contentScript)).ok).toBe(false);

    expect(Object.keys(await h.background.core.selection.read(scope)).sort()).toEqual(VALID_KEYS);

    // Connect (this starts a preflight by itself), then ask for one explicitly, and wait for both.
    expect((await h.send(saveConnection(company.realmId, company.token), SENDERS.popup)).ok).toBe(true);
    await h.background.core.preflight.start(scope);
    expect((await h.send({ type: 'preflight/run', scope }, SENDERS.popup)).ok).toBe(true);
    await h.background.core.preflight.start(scope);
    const stored = await h.background.core.preflightStore.read(scope);
    expect(stored?.error).toBeUndefined();
    expect(Object.keys(stored?.rows ?? {}).sort()).toEqual(VALID_KEYS);

    const log = h.log(company.realmId);
    const statements = log.flatMap(statementsIn);
    expect(statements.length).toBeGreaterThan(0); // the check below is not vacuous
    const sentIds = new Set<string>();
    for (const statement of statements) {
      expect(statement).toMatch(STATEMENT);
      for (const id of idsIn(statement)) sentIds.add(id);
    }
    const validIds = new Set(VALID_KEYS.map((k) => k.split(':')[1]));
    for (const id of sentIds) expect(validIds.has(id), id).toBe(true);

    for (const entry of log) {
      const seen = [entry.path, safeDecode(entry.path), entry.body ?? '', safeDecode(entry.body ?? '')].join('\n');
      for (const bad of FORBIDDEN) expect(seen, `${bad} in ${entry.method} ${entry.path}`).not.toContain(bad);
    }
    // A preflight reads; it never deletes.
    expect(h.callsTo(company.realmId, 'batch', 'delete')).toBe(0);
  });
});

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return s;
  }
}
