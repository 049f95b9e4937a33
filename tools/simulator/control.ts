/**
 * The control surface over HTTP under `/__sim/` (unauthenticated, CORS open) for the demo and
 * browser tests. JSON POST bodies; errors → 400 {"error": "..."}.
 *   POST /__sim/seed {SeedOptions} → SeededCompany      POST /__sim/token {realmId} → {token}
 *   POST /__sim/expire-token {token}                    POST /__sim/edit {realmId, key}
 *   POST /__sim/reconcile {realmId, key, reconciled?=true}
 *   POST /__sim/book-close {realmId, date?: string|null}  (null/absent: books open)
 *   POST /__sim/remove {realmId, key}                   POST /__sim/fault {FaultRule}
 *   POST /__sim/clear-faults                            POST /__sim/mode {mode}
 *   POST /__sim/release-held → {released}  (the calls a hold-before rule keeps waiting go on)
 *   POST /__sim/stale-sync-token {answer: 'accept' | 'fault5010'}
 *   POST /__sim/requestid {mode: 'honoured' | 'ignored' | 'fault6000'}
 *   POST /__sim/request-limits {on: boolean | null}  (null: as the mode says, on in real mode)
 *   POST /__sim/shuffle {on}                            POST /__sim/report-grouping {groupBy}
 *   POST /__sim/page-company {realmId}                  POST /__sim/reset-throttle {realmId?}
 *   GET  /__sim/log?realmId=                            GET  /__sim/records?realmId=
 *   GET  /__sim/record?realmId=&key=                    GET  /__sim/state
 *   GET  /__sim/truth?realmId= → {exists: [keys], applied: {key: n}, deleted: [keys],
 *                                  created: {key: n}, voided: {key: n}}
 *   POST /__sim/reference-active {realmId, type, id, active}   POST /__sim/reference-delete {realmId, type, id}
 *   GET  /__sim/references?realmId=&type= → [{type, id, name, active, deleted}]
 *   POST /__sim/oauth-client {clientId, clientSecret, redirectUris, name?}
 *   POST /__sim/allowance {limit?: number|null, usedUp?: boolean}  (the app's monthly reads, ./metering.ts)
 *   GET  /__sim/metering?month=YYYY-MM → {month, usedUp, total, companies: {realmId: reads}}
 *   POST /__sim/revoke-grants {realmId} → {revoked: n}   GET /__sim/oauth-stats?realmId= → OAuthStats
 *   POST /__sim/attachable, /__sim/attachable-remove, /__sim/attachable-on-delete, GET /__sim/attachables (./attachables-routes.ts)
 *   POST /__sim/scenario {name, options?} → SeededScenario (./scenarios/index.ts; bytes as base64)
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import type { FaultRule, ReportGrouping, SeedOptions } from './api';
import { mountAttachableControl } from './attachables-routes';
import type { SimulatorControl } from './control-api';
import { mountMeteringRoutes } from './metering';
import { SCENARIO_NAMES, SCENARIO_OPTION_SCHEMAS } from './scenarios/index';
import { requestLimitsOn, type SimState } from './state';

const Realm = z.object({ realmId: z.string() });
const RealmKey = z.object({ realmId: z.string(), key: z.string() });
const FaultRuleSchema = z.object({
  endpoint: z.enum(['batch', 'delete', 'create', 'void', 'query', 'report', 'preferences', 'read', 'companyinfo']),
  kind: z.enum([
    'error500-before',
    'error500-after',
    'error503-before',
    'drop-before',
    'drop-after',
    'hold-before',
    'slow-before',
  ]),
  times: z.number().int().positive().optional(),
  probability: z.number().min(0).max(1).optional(),
  seed: z.number().optional(),
  realmId: z.string().optional(),
  after: z.number().int().nonnegative().optional(),
  delayMs: z.number().int().nonnegative().max(300_000).optional(),
});
const Grouping = z.enum(['txn_type', 'month', 'name']);
const RefType = z.enum(['Customer', 'Vendor', 'Employee', 'Item', 'Account']);
const RealmRef = z.object({ realmId: z.string(), type: RefType, id: z.string() });

export function createControlApp(state: SimState, control: SimulatorControl): Hono {
  const app = new Hono();
  app.use('*', cors());
  app.onError((err, c) => c.json({ error: err instanceof Error ? err.message : String(err) }, 400));
  const body = async (c: { req: { text(): Promise<string> } }): Promise<unknown> => {
    const text = await c.req.text();
    return text ? (JSON.parse(text) as unknown) : {};
  };
  const ok = { ok: true };
  mountMeteringRoutes(app, state.metering, state.now);
  mountAttachableControl(app, state);

  app.post('/seed', async (c) => c.json(control.seedCompany((await body(c)) as SeedOptions)));
  app.post('/scenario', async (c) => {
    const { name, options } = z
      .object({ name: z.enum(SCENARIO_NAMES), options: z.unknown().optional() })
      .parse(await body(c));
    const seeded = await control.seedScenario(name, SCENARIO_OPTION_SCHEMAS[name].parse(options ?? {}));
    // JSON has no bytes: an export's workbook travels as base64.
    const wire = Object.entries(seeded).map(([k, v]) => [
      k,
      v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v,
    ]);
    return c.json(Object.fromEntries(wire));
  });
  app.post('/token', async (c) => c.json({ token: control.issueToken(Realm.parse(await body(c)).realmId) }));
  app.post('/expire-token', async (c) => {
    control.expireToken(z.object({ token: z.string() }).parse(await body(c)).token);
    return c.json(ok);
  });
  app.post('/edit', async (c) => {
    const { realmId, key } = RealmKey.parse(await body(c));
    control.editRecord(realmId, key);
    return c.json({ record: control.record(realmId, key) });
  });
  app.post('/reconcile', async (c) => {
    const { realmId, key, reconciled } = RealmKey.extend({ reconciled: z.boolean().optional() }).parse(await body(c));
    control.setReconciled(realmId, key, reconciled ?? true);
    return c.json(ok);
  });
  app.post('/book-close', async (c) => {
    const { realmId, date } = Realm.extend({ date: z.string().nullable().optional() }).parse(await body(c));
    control.setBookCloseDate(realmId, date ?? undefined);
    return c.json(ok);
  });
  app.post('/remove', async (c) => {
    const { realmId, key } = RealmKey.parse(await body(c));
    control.removeRecord(realmId, key);
    return c.json(ok);
  });
  app.post('/fault', async (c) => {
    control.injectFault(FaultRuleSchema.parse(await body(c)) as FaultRule);
    return c.json(ok);
  });
  app.post('/release-held', (c) => c.json({ released: control.releaseHeld() }));
  app.post('/clear-faults', (c) => {
    control.clearFaults();
    return c.json(ok);
  });
  app.post('/mode', async (c) => {
    control.setMode(z.object({ mode: z.enum(['document', 'real']) }).parse(await body(c)).mode);
    return c.json(ok);
  });
  app.post('/stale-sync-token', async (c) => {
    control.setStaleSyncToken(z.object({ answer: z.enum(['accept', 'fault5010']) }).parse(await body(c)).answer);
    return c.json(ok);
  });
  app.post('/requestid', async (c) => {
    control.setRequestId(z.object({ mode: z.enum(['honoured', 'ignored', 'fault6000']) }).parse(await body(c)).mode);
    return c.json(ok);
  });
  app.post('/request-limits', async (c) => {
    control.setRequestLimits(z.object({ on: z.boolean().nullable() }).parse(await body(c)).on ?? undefined);
    return c.json(ok);
  });
  app.post('/shuffle', async (c) => {
    control.setShuffleBatchResults(z.object({ on: z.boolean() }).parse(await body(c)).on);
    return c.json(ok);
  });
  app.post('/report-grouping', async (c) => {
    const { groupBy } = z.object({ groupBy: z.union([Grouping, z.array(Grouping)]).optional() }).parse(await body(c));
    control.setReportGrouping(groupBy as ReportGrouping[] | undefined);
    return c.json(ok);
  });
  app.post('/page-company', async (c) => {
    control.setPageCompany(Realm.parse(await body(c)).realmId);
    return c.json(ok);
  });
  app.post('/reset-throttle', async (c) => {
    control.resetThrottle(z.object({ realmId: z.string().optional() }).parse(await body(c)).realmId);
    return c.json(ok);
  });
  app.post('/oauth-client', async (c) => {
    const client = z
      .object({
        clientId: z.string().min(1),
        clientSecret: z.string().min(1),
        redirectUris: z.array(z.string()).min(1),
        name: z.string().optional(),
      })
      .parse(await body(c));
    control.registerOAuthClient(client);
    return c.json(ok);
  });
  app.post('/revoke-grants', async (c) =>
    c.json({ revoked: control.revokeGrants(Realm.parse(await body(c)).realmId) }),
  );
  app.post('/reference-active', async (c) => {
    const { realmId, type, id, active } = RealmRef.extend({ active: z.boolean() }).parse(await body(c));
    control.setReferenceActive(realmId, type, id, active);
    return c.json(ok);
  });
  app.post('/reference-delete', async (c) => {
    const { realmId, type, id } = RealmRef.parse(await body(c));
    control.deleteReference(realmId, type, id);
    return c.json(ok);
  });
  app.get('/references', (c) => {
    const type = c.req.query('type');
    return c.json(
      control.references(c.req.query('realmId') ?? '', type === undefined ? undefined : RefType.parse(type)),
    );
  });
  app.get('/oauth-stats', (c) => c.json(control.oauthStats(c.req.query('realmId'))));
  app.get('/log', (c) => c.json(control.requestLog(c.req.query('realmId'))));
  app.get('/records', (c) => c.json(control.records(c.req.query('realmId') ?? '')));
  app.get('/record', (c) =>
    c.json({ record: control.record(c.req.query('realmId') ?? '', c.req.query('key') ?? '') ?? null }),
  );
  app.get('/truth', (c) => {
    const company = state.store.company(c.req.query('realmId') ?? '');
    return c.json({
      exists: [...company.records.keys()],
      applied: Object.fromEntries(company.applied),
      deleted: [...company.applied.keys()],
      created: Object.fromEntries(company.created),
      voided: Object.fromEntries(company.voided),
    });
  });
  app.get('/state', (c) =>
    c.json({
      mode: state.config.mode,
      staleSyncToken: state.config.staleSyncToken,
      requestid: state.config.requestid,
      requestLimits: requestLimitsOn(state.config),
      pageRealmId: state.pageRealmId ?? null,
      companies: [...state.store.companies.values()].map((co) => ({
        realmId: co.realmId,
        companyName: co.companyName,
        records: co.records.size,
        bookCloseDate: co.bookCloseDate ?? null,
      })),
    }),
  );
  return app;
}
