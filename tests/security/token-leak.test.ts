/**
 * Threat: reading the token, and a leaked export. A full job runs against the simulator, hits a 401
 * (the token expires), waits as "token needed", resumes with a new token and finishes. Neither token
 * may appear in console output, in storage.local (without "Remember"), in the audit exports, in the
 * popup's state or in a notification. The exports must hold the full pre-delete record, and every
 * CSV cell must be safe to open in a spreadsheet.
 */
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Reply } from '../../lib/messaging/protocol';
import {
  connectedWithSelection,
  createSecurityHarness,
  SENDERS,
  type SecurityHarness,
  saveConnection,
} from './harness';

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

function dataOf(reply: Reply<unknown>): unknown {
  if (!reply.ok) throw new Error(reply.error);
  return reply.data;
}

/** RFC 4180 rows (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('the token never leaks, through a full job with a 401', () => {
  let h: SecurityHarness;
  let printed: string[];
  let notified: string[];
  let spies: MockInstance[];

  beforeEach(async () => {
    printed = [];
    notified = [];
    spies = CONSOLE_METHODS.map((m) =>
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
        printed.push(
          args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}\n${a.stack}` : String(a))).join(' '),
        );
        printed.push(JSON.stringify(args, (_k, v) => (v instanceof Error ? { ...v, message: v.message } : v)) ?? '');
      }),
    );
    h = await createSecurityHarness({
      notify: async (title, message) => {
        notified.push(`${title} ${message}`);
      },
    });
  });
  afterEach(async () => {
    for (const spy of spies) spy.mockRestore();
    await h.close();
  });

  it('keeps both tokens out of console, storage.local, exports, popup state and notifications', async () => {
    const company = await connectedWithSelection(h, { count: 70, entities: { Invoice: 1, Bill: 1 } });
    const first = company.token;
    const states: string[] = [];
    const popupState = async () => {
      const text = JSON.stringify(dataOf(await h.send({ type: 'state/get' }, SENDERS.popup)));
      states.push(text);
      return JSON.parse(text) as { connection: { hasToken: boolean } };
    };
    expect((await popupState()).connection.hasToken).toBe(true);
    expect(JSON.stringify(await h.local.get(null))).not.toContain(first);

    // The token expires before the click: the job starts (nothing local can tell) and meets a 401.
    h.sim.expireToken(first);
    const started = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    states.push(JSON.stringify(started));
    expect(started.ok).toBe(true);
    const [job] = await h.background.core.runner.listJobs();
    if (!job) throw new Error('no job');
    expect((await h.settle(job.id)).status).toBe('tokenNeeded');
    expect(h.log(company.realmId).some((e) => e.status === 401)).toBe(true);
    expect(
      await h.background.core.tokens.getToken({ realmId: company.realmId, environment: 'production' }),
    ).toBeUndefined(); // dropped after the 401
    expect((await popupState()).connection.hasToken).toBe(false);

    // A new token is pasted: the job resumes and finishes.
    const second = h.sim.issueToken(company.realmId);
    states.push(JSON.stringify(await h.send(saveConnection(company.realmId, second), SENDERS.popup)));
    const done = await h.settle(job.id);
    expect(done.status).toBe('done');
    expect(h.sim.truth(company.realmId).deletedKeys()).toHaveLength(70);
    await h.background.core.preflight.start({ realmId: company.realmId, environment: 'production' });
    await popupState();

    const csv = dataOf(await h.send({ type: 'audit/export', format: 'csv' }, SENDERS.popup)) as { content: string };
    const json = dataOf(await h.send({ type: 'audit/export', format: 'json' }, SENDERS.popup)) as { content: string };

    const local = JSON.stringify([await h.local.get(null), await fakeBrowser.storage.local.get(null)]);
    const session = JSON.stringify(await fakeBrowser.storage.session.get(null));
    expect(session).toContain(second); // where it belongs (the check below is not vacuous)
    for (const token of [first, second]) {
      for (const [where, text] of [
        ['console', printed.join('\n')],
        ['storage.local', local],
        ['CSV export', csv.content],
        ['JSON export', json.content],
        ['popup state', states.join('\n')],
        ['notifications', notified.join('\n')],
      ] as const) {
        expect(text.includes(token), `token in ${where}`).toBe(false);
      }
    }
    for (const text of [csv.content, json.content, local]) expect(text).not.toMatch(/Bearer|Authorization/i);
  });

  it('exports hold the full pre-delete record and never the token; every CSV cell is formula-safe', async () => {
    const company = await connectedWithSelection(h, { count: 30, entities: { Invoice: 1, Purchase: 1 } });
    expect((await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup)).ok).toBe(true);
    const [job] = await h.background.core.runner.listJobs();
    expect((await h.settle(job?.id ?? '')).status).toBe('done');

    const json = dataOf(await h.send({ type: 'audit/export', format: 'json' }, SENDERS.popup)) as { content: string };
    const entries = JSON.parse(json.content) as {
      entity: string;
      id: string;
      preDeleteJson: Record<string, unknown>;
    }[];
    expect(entries.map((e) => `${e.entity}:${e.id}`).sort()).toEqual([...company.keys.all].sort());
    for (const e of entries) {
      // The full record as the service returned it before the delete: the user's only copy.
      expect(e.preDeleteJson).toMatchObject({ Id: e.id, SyncToken: expect.any(String), TxnDate: expect.any(String) });
      expect(Object.keys(e).sort()).not.toContain('token');
    }

    const csv = dataOf(await h.send({ type: 'audit/export', format: 'csv' }, SENDERS.popup)) as { content: string };
    const rows = parseCsv(csv.content);
    expect(rows[0]).toContain('preDeleteJson');
    expect(rows).toHaveLength(31);
    for (const row of rows) {
      expect(row).toHaveLength(rows[0]?.length ?? 0);
      for (const cell of row) {
        if (/^[=+\-@\t\r]/.test(cell))
          expect(cell, 'a formula-like cell must be a plain number').toMatch(/^-?\d+(\.\d+)?$/);
      }
    }
    for (const text of [csv.content, json.content]) expect(text).not.toContain(company.token);
  });

  it('with "Remember on this device" the token is kept in the extension’s own storage (never storage.local) until a 401 or Forget removes it', async () => {
    const company = await connectedWithSelection(h, { count: 5, entities: { Invoice: 1 } }, true);
    expect(JSON.stringify(await h.local.get(null))).toContain(company.token);
    // storage.local, which content scripts can read, holds nothing of the extension's at all.
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    h.sim.expireToken(company.token);
    await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    const [job] = await h.background.core.runner.listJobs();
    expect((await h.settle(job?.id ?? '')).status).toBe('tokenNeeded');
    expect(JSON.stringify(await h.local.get(null))).not.toContain(company.token);

    const again = h.sim.issueToken(company.realmId);
    await h.send(saveConnection(company.realmId, again, true), SENDERS.popup);
    expect(JSON.stringify(await h.local.get(null))).toContain(again);
    // Forget is refused while the resumed job runs (the company is locked), and works once it is done.
    expect((await h.settle(job?.id ?? '')).status).toBe('done');
    const forget = { type: 'connection/forget', scope: { realmId: company.realmId, environment: 'production' } };
    expect((await h.send(forget, SENDERS.popup)).ok).toBe(true);
    const everywhere = JSON.stringify([
      await h.local.get(null),
      await fakeBrowser.storage.local.get(null),
      await fakeBrowser.storage.session.get(null),
    ]);
    expect(everywhere).not.toContain(again);
    await h.background.core.runner.whenIdle();
  });
});
