/**
 * Issue 20, the background end to end: ticked rows whose page showed no transaction Id (the Invoices
 * list in the real markup) reach the background as `addedRows`, known only by what they show. Each is
 * built from a real simulator record's fields as the real-markup page shows them (MM/DD/YYYY,
 * "$1,234.56", the customer's name), never from its Id. Real background, real client, real
 * simulator, manual clock: the rows wait as 'identifying', the check resolves them into the
 * selection as records, the job deletes exactly those (by the simulator's ground truth); twins are
 * 'ambiguous' until the person picks one listed candidate; no match is 'notFound'; a failed read
 * fails the check and leaves the row waiting; an untick takes the resolved record out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PopupState } from '../../lib/messaging/views';
import {
  createSecurityHarness,
  PAGE_URL,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
  saveConnection,
} from '../security/harness';

type Json = Record<string, unknown>;

interface ShownRow {
  rowKey: string;
  shown: { date: string; number?: string; name?: string; amount: string };
  /** The list showed this many rows exactly like it (the content script sends it from two on). */
  alike?: number;
}

/** `2025-03-07` → `03/07/2025`, as a US company's pages show a date. */
const pageDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
/** 1234.5 → `$1,234.50`; below zero `-$12.00`. */
const pageMoney = (n: number) =>
  `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** An Invoices-list row as the real markup shows the record: DATE, NO., CUSTOMER, AMOUNT. */
function rowOf(json: Json, rowKey: string): ShownRow {
  const customer = json.CustomerRef as { name?: string } | undefined;
  return {
    rowKey,
    shown: {
      date: pageDate(String(json.TxnDate)),
      ...(typeof json.DocNumber === 'string' ? { number: json.DocNumber } : {}),
      ...(customer?.name ? { name: customer.name } : {}),
      amount: pageMoney(Number(json.TotalAmt)),
    },
  };
}

/** A `selection/report` as the content script on a real-markup Invoices list sends it. */
function rowsReport(realmId: string, at: number, rows: { added?: readonly ShownRow[]; removed?: readonly string[] }) {
  return {
    type: 'selection/report',
    data: {
      pageUrl: PAGE_URL,
      host: new URL(PAGE_URL).hostname,
      pageCompany: realmId,
      replace: false,
      snapshot: false,
      added: [],
      pageTicked: [],
      removed: [],
      addedRows: (rows.added ?? []).map((r) => ({
        rowKey: r.rowKey,
        shownAt: at,
        tickedAt: at,
        shown: r.shown,
        entities: ['Invoice'],
        ...(r.alike ? { alike: r.alike } : {}),
      })),
      removedRows: [...(rows.removed ?? [])],
    },
  };
}

describe('rows known by what they show, through the whole background (Node)', () => {
  let h: SecurityHarness;
  afterEach(async () => h.close());

  const state = () => popupStateOf(h);
  const keysOf = (s: PopupState) => s.selection.map((r) => r.key).sort();
  const unresolvedOf = (s: PopupState, rowKey: string) => s.unresolved.find((r) => r.rowKey === rowKey);

  /** A small company of invoices with no links, its page open; `twins` alike in every shown field. */
  async function company() {
    const seeded = h.sim.seedCompany({ count: 10, entities: { Invoice: 1 }, seed: 11 });
    h.setPageCompany(seeded.realmId);
    const twins: string[] = [];
    for (const _ of [1, 2]) {
      const res = await fetch(`${h.sim.url}/v3/company/${seeded.realmId}/invoice?include=allowduplicatedocnum`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${seeded.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          CustomerRef: { value: '3', name: 'Cool Cars' },
          TotalAmt: 1362.07,
          TxnDate: '2025-12-21',
          DocNumber: '9999',
        }),
      });
      expect(res.status).toBe(200);
      twins.push(`Invoice:${((await res.json()) as { Invoice: { Id: string } }).Invoice.Id}`);
    }
    h.clock.advance(60_000); // the page is seen after the records' last change
    const record = (key: string) => h.sim.record(seeded.realmId, key) as Json;
    const six = seeded.keys.all.slice(0, 6);
    const rows = six.map((key, i) => rowOf(record(key), `row:invoices:plain${i}`));
    const twinRow = rowOf(record(twins[0] as string), 'row:invoices:twin');
    // The same invoice as the first row but one cent more: no record shows exactly this.
    const first = record(six[0] as string);
    const noMatch = rowOf({ ...first, TotalAmt: Number(first.TotalAmt) + 0.01 }, 'row:invoices:nomatch');
    return {
      ...seeded,
      six,
      twins,
      rows,
      twinRow,
      noMatch,
      scope: { realmId: seeded.realmId, environment: 'production' as const },
    };
  }

  async function report(realmId: string, rows: Parameters<typeof rowsReport>[2]) {
    const reply = await h.send(rowsReport(realmId, h.clock.now(), rows), SENDERS.contentScript);
    expect(reply.ok, JSON.stringify(reply)).toBe(true);
  }

  it('identifying → the records in the selection after the check → exactly those deleted; twins wait for a pick; no match is notFound', async () => {
    h = await createSecurityHarness();
    const c = await company();
    await report(c.realmId, { added: [...c.rows, c.twinRow, c.noMatch] });

    // Before any check: eight rows being identified, none of them in the selection.
    const waiting = await state();
    expect(waiting.selection).toEqual([]);
    expect(waiting.unresolved.map((r) => [r.rowKey, r.status]).sort()).toEqual(
      [...c.rows, c.twinRow, c.noMatch].map((r) => [r.rowKey, 'identifying']).sort(),
    );

    expect((await h.send(saveConnection(c.realmId, c.token), SENDERS.popup)).ok).toBe(true);
    await h.background.core.preflight.start(c.scope);
    const checked = await state();
    expect(checked.preflight?.error).toBeUndefined();
    expect(keysOf(checked)).toEqual([...c.six].sort());
    for (const row of checked.selection) expect(row.status).toBe('ready');
    expect(unresolvedOf(checked, c.twinRow.rowKey)).toMatchObject({ status: 'ambiguous' });
    expect(
      unresolvedOf(checked, c.twinRow.rowKey)
        ?.candidates.map((x) => `${x.entity}:${x.id}`)
        .sort(),
    ).toEqual([...c.twins].sort());
    expect(unresolvedOf(checked, c.noMatch.rowKey)).toMatchObject({ status: 'notFound', candidates: [] });
    expect(checked.unresolved).toHaveLength(2);

    // A pick of a record the resolver did not list for the row is refused, the selection unchanged.
    const [outsider] = c.keys.all.slice(6);
    const refused = await h.click({
      type: 'selection/pick',
      rowKey: c.twinRow.rowKey,
      entity: 'Invoice',
      id: outsider?.split(':')[1],
    });
    expect(refused.ok).toBe(false);
    expect(keysOf(await state())).toEqual([...c.six].sort());

    // The person picks the second twin: exactly it joins, and is checked like any other.
    const picked = c.twins[1] as string;
    const pickReply = await h.click({
      type: 'selection/pick',
      rowKey: c.twinRow.rowKey,
      entity: 'Invoice',
      id: picked.split(':')[1],
    });
    expect(pickReply.ok, JSON.stringify(pickReply)).toBe(true);
    await h.background.core.preflight.start(c.scope);
    const afterPick = await state();
    expect(keysOf(afterPick)).toEqual([...c.six, picked].sort());
    expect(afterPick.selection.find((r) => r.key === picked)?.status).toBe('ready');
    expect(afterPick.unresolved.map((r) => r.rowKey)).toEqual([c.noMatch.rowKey]);

    const started = await h.click({ type: 'job/start', includeReconciled: false });
    expect(started.ok, JSON.stringify(started)).toBe(true);
    const job = await h.settle((started.ok ? (started.data as PopupState).job?.id : undefined) ?? '');
    expect(job.status).toBe('done');
    expect(h.sim.truth(c.realmId).deletedKeys().sort()).toEqual([...c.six, picked].sort());
    expect(h.sim.truth(c.realmId).exists(c.twins[0] as string)).toBe(true);
  });

  it('the twin the person ticked is deleted by someone else before the check: the row is theirs to pick, the other twin is never deleted for it', async () => {
    h = await createSecurityHarness();
    const c = await company();
    const [a, b] = c.twins as [string, string];
    // The first of the two identical rows, ticked with one plain row; the page showed two rows alike.
    const ticked = { ...c.twinRow, rowKey: 'row:invoices:0f1e2d3c4b5a69', alike: 2 };
    await report(c.realmId, { added: [c.rows[0] as ShownRow, ticked] });
    // Another user deletes A through the service, behind the extension's back.
    const gone = await fetch(`${h.sim.url}/v3/company/${c.realmId}/invoice?operation=delete`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ Id: a.split(':')[1], SyncToken: '0' }),
    });
    expect(gone.status).toBe(200);
    expect(h.sim.truth(c.realmId).exists(a)).toBe(false);

    expect((await h.send(saveConnection(c.realmId, c.token), SENDERS.popup)).ok).toBe(true);
    await h.background.core.preflight.start(c.scope);
    const checked = await state();
    expect(keysOf(checked)).toEqual([c.six[0]]);
    expect(checked.selection.some((r) => r.key === b)).toBe(false);
    const waiting = unresolvedOf(checked, ticked.rowKey);
    expect(waiting?.status).toBe('ambiguous');
    expect(waiting?.candidates.map((x) => `${x.entity}:${x.id}`)).toEqual([b]);

    const started = await h.click({ type: 'job/start', includeReconciled: false });
    expect(started.ok, JSON.stringify(started)).toBe(true);
    const job = await h.settle((started.ok ? (started.data as PopupState).job?.id : undefined) ?? '');
    expect(job.status).toBe('done');
    expect(h.sim.truth(c.realmId).exists(b)).toBe(true);
    expect(h.sim.truth(c.realmId).deletedKeys().sort()).toEqual([a, c.six[0]].sort());

    // The person's own pick is what makes it B: the row is then bound to B's Id, a rescan changes nothing.
    const pick = await h.click({
      type: 'selection/pick',
      rowKey: ticked.rowKey,
      entity: 'Invoice',
      id: b.split(':')[1],
    });
    expect(pick.ok, JSON.stringify(pick)).toBe(true);
    h.clock.advance(1_000);
    await report(c.realmId, { added: [ticked] });
    await h.background.core.preflight.start(c.scope);
    const picked = await state();
    expect(picked.unresolved).toEqual([]);
    expect(picked.selection.find((r) => r.key === b)?.status).toBe('ready');
  });

  it('a failed read while resolving is the check’s error; the rows stay unresolved and resolve on the next check', async () => {
    h = await createSecurityHarness();
    const c = await company();
    await report(c.realmId, { added: c.rows.slice(0, 2) });
    // Every read fails until cleared: whichever check runs first (the one connecting starts, or ours), it fails.
    // The resolver batches its reads (count and first page of each window), then reads alone.
    for (const endpoint of ['query', 'batch'] as const)
      h.sim.injectFault({ endpoint, kind: 'error500-before', probability: 1, realmId: c.realmId });
    expect((await h.send(saveConnection(c.realmId, c.token), SENDERS.popup)).ok).toBe(true);
    await h.background.core.preflight.start(c.scope);
    const failed = await state();
    expect(failed.preflight?.error).toBe("QuickBooks isn't responding.");
    expect(failed.selection).toEqual([]);
    expect(failed.unresolved.map((r) => r.status)).toEqual(['identifying', 'identifying']);
    expect(h.log(c.realmId).some((e) => e.endpoint === 'batch' && e.status === 500)).toBe(true);
    expect(h.log(c.realmId).some((e) => e.endpoint === 'query' && e.status === 500)).toBe(true);

    h.sim.clearFaults();
    await h.background.core.preflight.start(c.scope);
    const again = await state();
    expect(again.preflight?.error).toBeUndefined();
    expect(keysOf(again)).toEqual(c.six.slice(0, 2).sort());
    expect(again.unresolved).toEqual([]);
  });

  it('unticking a resolved row on the page takes its record out of the selection', async () => {
    h = await createSecurityHarness();
    const c = await company();
    await report(c.realmId, { added: c.rows.slice(0, 3) });
    expect((await h.send(saveConnection(c.realmId, c.token), SENDERS.popup)).ok).toBe(true);
    await h.background.core.preflight.start(c.scope);
    expect(keysOf(await state())).toEqual(c.six.slice(0, 3).sort());

    h.clock.advance(1_000);
    await report(c.realmId, { removed: [c.rows[1]?.rowKey as string] });
    const after = await state();
    expect(keysOf(after)).toEqual([c.six[0], c.six[2]].sort());
    expect(after.unresolved).toEqual([]);
  });
});
