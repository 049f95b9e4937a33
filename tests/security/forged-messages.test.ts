/**
 * Threat: a forged message. Web pages and other extensions cannot reach us (no externally_connectable),
 * but if a message arrives anyway it must be refused by sender; a content script (the page's world
 * can steer it) may only report a selection; forged shapes are refused before any handler. Judged by
 * the simulator: nothing reaches the batch or delete endpoints, and the connection is untouched.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { SeededCompany } from '../../tools/simulator/api';
import {
  connectedWithSelection,
  createSecurityHarness,
  HOSTILE_SENDERS,
  SENDERS,
  type SecurityHarness,
  saveConnection,
  selectionReport,
} from './harness';

const ATTACKER_TOKEN = 'attacker-token-attacker-token-attacker';

/** One of every page message, valid in shape. */
function everyPageMessage(realmId: string) {
  return [
    { type: 'state/get' },
    saveConnection(realmId, ATTACKER_TOKEN, true),
    { type: 'connection/forget', scope: { realmId, environment: 'production' } },
    { type: 'selection/remove', key: 'Invoice:1' },
    { type: 'selection/clear' },
    { type: 'selection/choose', choice: { operation: 'void' }, scope: { realmId, environment: 'production' } },
    { type: 'preflight/run', scope: { realmId, environment: 'production' } },
    { type: 'job/start', includeReconciled: true },
    { type: 'job/pause', jobId: 'x' },
    { type: 'job/resume', jobId: 'x' },
    { type: 'job/cancel', jobId: 'x' },
    { type: 'job/dismiss', jobId: 'x' },
    { type: 'audit/export', format: 'csv' },
    { type: 'audit/export', format: 'json' },
    { type: 'audit/clear' },
    { type: 'report/preparer', name: 'Mallory' },
  ];
}

describe('forged messages are refused and delete nothing', () => {
  let h: SecurityHarness;
  let company: SeededCompany;
  let selectedBefore: string[];
  let connectedExpiry: number | undefined;
  const scope = () => ({ realmId: company.realmId, environment: 'production' as const });

  beforeEach(async () => {
    h = await createSecurityHarness();
    // The save's time: the check after it paces its calls on this clock (lib/qbo/request-pacer.ts).
    const savedAt = h.clock.now();
    company = await connectedWithSelection(h);
    selectedBefore = Object.keys(await h.background.core.selection.read(scope())).sort();
    expect(selectedBefore).toHaveLength(40);
    connectedExpiry = (await h.background.core.tokens.getConnection(scope()))?.tokenExpiresAt;
    expect(connectedExpiry).toBe(savedAt + 3_600_000); // an hour at most: the token's lifetime
    const stored = await h.background.core.preflightStore.read(scope());
    expect(Object.values(stored?.rows ?? {}).every((r) => r.status === 'ready')).toBe(true); // a job COULD start
  });
  afterEach(async () => {
    await h.close();
  });

  /** Nothing changed: same token, same connection, same selection, no delete call, no job. */
  async function expectUntouched() {
    expect(h.callsTo(company.realmId, 'batch', 'delete')).toBe(0);
    expect(await h.background.core.tokens.getToken(scope())).toBe(company.token);
    expect(await h.background.core.tokens.getConnection(scope())).toMatchObject({
      realmId: company.realmId,
      environment: 'production',
      remember: false,
      tokenExpiresAt: connectedExpiry,
    });
    expect(Object.keys(await h.background.core.selection.read(scope())).sort()).toEqual(selectedBefore);
    expect(await h.background.core.runner.listJobs()).toEqual([]);
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(ATTACKER_TOKEN);
  }

  it('refuses every message from a sender that is not this extension’s page or content script', async () => {
    for (const [who, sender] of Object.entries(HOSTILE_SENDERS)) {
      for (const message of [
        ...everyPageMessage(company.realmId),
        selectionReport(['Invoice:1'], 0, company.realmId),
      ]) {
        const reply = await h.send(message, sender);
        expect(reply.ok, `${who}: ${message.type}`).toBe(false);
        expect(JSON.stringify(reply)).not.toContain(company.token);
        expect(reply).not.toHaveProperty('data');
      }
    }
    await expectUntouched();
  });

  it('a content script on the web app may only say hello and report a selection: job/start, connection/save, state/get, audit/export… are refused', async () => {
    for (const message of everyPageMessage(company.realmId)) {
      const reply = await h.send(message, SENDERS.contentScript);
      expect(reply, message.type).toEqual({
        ok: false,
        error: 'Refused: a page may only say hello and report its selection.',
      });
    }
    await expectUntouched();
  });

  it('refuses forged shapes from the popup before any handler runs', async () => {
    const forged: unknown[] = [
      null,
      undefined,
      'job/start',
      42,
      [],
      [{ type: 'job/start', includeReconciled: true }],
      {},
      { type: 'job/start' },
      { type: 'job/start', includeReconciled: 'yes' },
      { type: 'JOB/START', includeReconciled: true },
      { type: 'job/delete', ids: ['1'] },
      { type: '__proto__' },
      { type: 'constructor' },
      JSON.parse('{"__proto__": {"type": "job/start", "includeReconciled": true}}'),
      {
        type: 'connection/save',
        realmId: "1' OR '1'='1",
        environment: 'production',
        token: ATTACKER_TOKEN,
        remember: true,
      },
      {
        type: 'connection/save',
        realmId: company.realmId,
        environment: 'staging',
        token: ATTACKER_TOKEN,
        remember: true,
      },
      { type: 'connection/save', realmId: company.realmId, environment: 'production', token: 'short', remember: false },
      { type: 'connection/save', realmId: company.realmId, environment: 'production', token: ATTACKER_TOKEN },
      {
        type: 'connection/save',
        realmId: company.realmId,
        environment: 'production',
        token: 'x'.repeat(9000),
        remember: false,
      },
      { type: 'audit/export', format: 'html' },
      { type: 'selection/remove', key: 'x'.repeat(65) },
      { type: 'job/cancel', jobId: 7 },
    ];
    for (const message of forged) {
      const reply = await h.send(message, SENDERS.popup);
      expect(reply.ok, JSON.stringify(message)?.slice(0, 80)).toBe(false);
    }
    await expectUntouched();
  });

  it('refuses forged selection reports from the content script (other host, hostile Ids, extra keys, wipes)', async () => {
    const good = selectionReport(['Invoice:1'], h.clock.now(), company.realmId);
    const forged: unknown[] = [
      { ...good, data: { ...good.data, host: 'evil.example' } },
      {
        ...good,
        data: { ...good.data, host: 'sandbox.qbo.intuit.com', pageUrl: 'https://sandbox.qbo.intuit.com/app/sales' },
      },
      { ...good, data: { ...good.data, pageUrl: 'https://evil.example/app/sales' } },
      { ...good, data: { ...good.data, pageUrl: 'javascript:alert(1)' } },
      { ...good, data: { ...good.data, replace: true } },
      { ...good, data: { ...good.data, realmId: '999' } },
      { ...good, data: { ...good.data, environment: 'sandbox' } },
      { ...good, extra: true },
      { ...good, data: { ...good.data, added: [{ entity: 'Invoice', id: '1 OR 1=1', shownAt: 0 }] } },
      { ...good, data: { ...good.data, added: [{ entity: 'Customer', id: '1', shownAt: 0 }] } },
      { ...good, data: { ...good.data, added: [{ entity: 'Invoice', id: '1', shownAt: 0, token: 'x' }] } },
      {
        ...good,
        data: {
          ...good.data,
          added: Array.from({ length: 5001 }, (_, i) => ({ entity: 'Invoice', id: `${i + 1}`, shownAt: 0 })),
        },
      },
    ];
    for (const message of forged) {
      const reply = await h.send(message, SENDERS.contentScript);
      expect(reply.ok, JSON.stringify(message).slice(0, 160)).toBe(false);
    }
    // A report from the sandbox web app lands in the sandbox scope, never in the connected company's.
    const sandboxUrl = 'https://app.sandbox.qbo.intuit.com/app/sales';
    const sandboxSender = { ...SENDERS.contentScript, url: sandboxUrl, tab: { id: 1, url: sandboxUrl } };
    const sandboxReport = { ...good, data: { ...good.data, pageUrl: sandboxUrl, host: 'app.sandbox.qbo.intuit.com' } };
    expect((await h.send(sandboxReport, sandboxSender)).ok).toBe(true);
    expect(await h.background.core.selection.read({ realmId: company.realmId, environment: 'sandbox' })).toHaveProperty(
      'Invoice:1',
    );
    await expectUntouched();
  });

  it('the popup’s state never carries the token; the same job/start from the popup does delete (the refusals were not vacuous)', async () => {
    for (const sender of [SENDERS.popup, SENDERS.popupInTab]) {
      const state = await h.send({ type: 'state/get' }, sender);
      expect(state.ok).toBe(true);
      const text = JSON.stringify(state);
      expect(text).not.toContain(company.token);
      expect(text).toContain('"hasToken":true');
    }
    await expectUntouched();

    const started = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    expect(started.ok).toBe(true);
    expect(JSON.stringify(started)).not.toContain(company.token);
    const [job] = await h.background.core.runner.listJobs();
    expect((await h.settle(job?.id ?? '')).status).toBe('done');
    expect(h.callsTo(company.realmId, 'batch', 'delete')).toBeGreaterThan(0);
    expect(h.sim.truth(company.realmId).deletedKeys().sort()).toEqual(selectedBefore);
  });
});
