/**
 * The in-process control surface (the `Simulator` methods other than url/port/close): seeding,
 * seeded scenarios (./scenarios/index.ts), tokens, edits by "another user", reconciliation, book closing, faults, the log and ground truth,
 * OAuth apps, grant counts and revoking a company's grants.
 */
import type { FaultRule, GroundTruth, SeededCompany, SeededScenario, SeedOptions, Simulator } from './api';
import { createAttachableControl } from './attachables-control';
import { pickCompanyName } from './company-names';
import { categorize, generateCompany } from './generate';
import { monthOf } from './metering';
import { deleteRef, registerRefs, setRefActive } from './refs';
import { SCENARIOS, type ScenarioName, type ScenarioOptions } from './scenarios/index';
import type { Entity } from './service-names';
import type { SimState } from './state';
import { toGroupingList } from './state';
import type { StoredRecord } from './store';

export type SimulatorControl = Omit<Simulator, 'url' | 'port' | 'mode' | 'close'>;

function freshRealmId(state: SimState): string {
  let id: string;
  do id = String(1_000_000_000_000 + Math.floor(Math.random() * 8_999_999_999_999));
  while (state.store.companies.has(id));
  return id;
}

export function createControl(state: SimState): SimulatorControl {
  const { store } = state;
  // Re-seeding keeps the company's name unless a new one is given.
  const nameFor = (realmId: string, given: string | undefined): string => {
    const inUse = [...store.companies.values()].filter((c) => c.realmId !== realmId).map((c) => c.companyName);
    return given ?? store.findCompany(realmId)?.companyName ?? pickCompanyName(realmId, inUse);
  };
  /** Puts a company's records in place of any with its realmId; its pages are shown; a token for it. */
  const install = (
    options: { realmId?: string; companyName?: string },
    records: StoredRecord[],
    bookCloseDate: string | undefined,
  ): SeededCompany => {
    const realmId = options.realmId ?? freshRealmId(state);
    const companyName = nameFor(realmId, options.companyName);
    const company = store.putCompany(realmId, records, bookCloseDate, companyName);
    registerRefs(company, records);
    state.throttle.reset(realmId);
    state.pageRealmId = realmId;
    return { realmId, companyName, token: store.issueToken(realmId), keys: categorize(records, bookCloseDate) };
  };
  const truth = (realmId: string): GroundTruth => {
    const company = store.company(realmId);
    return {
      exists: (key) => company.records.has(key),
      appliedDeletes: (key) => company.applied.get(key) ?? 0,
      deletedKeys: () => [...company.applied.keys()],
      syncToken: (key) => {
        const token = company.records.get(key)?.json.SyncToken;
        return typeof token === 'string' ? token : undefined;
      },
      appliedCreates: (key) => company.created.get(key) ?? 0,
      createdKeys: () => [...company.created.keys()],
      appliedVoids: (key) => company.voided.get(key) ?? 0,
      voidedKeys: () => [...company.voided.keys()],
      liveKeys: () => [...company.records.keys()],
    };
  };
  return {
    ...createAttachableControl(state),
    setMode: (mode) => {
      state.config.mode = mode;
    },
    setStaleSyncToken: (answer) => {
      state.config.staleSyncToken = answer;
    },
    setRequestId: (mode) => {
      state.config.requestid = mode;
    },
    setRequestLimits: (on) => {
      if (on === undefined) delete state.config.requestLimits;
      else state.config.requestLimits = on;
    },
    setShuffleBatchResults: (on) => {
      state.config.shuffleBatchResults = on;
    },
    setBatchLimit: (limit) => {
      state.config.batchLimit = limit;
    },
    setReportGrouping: (groupBy) => {
      state.config.reportGroupBy = toGroupingList(groupBy);
    },
    resetThrottle: (realmId) => {
      state.throttle.reset(realmId);
      state.requestLimits.reset(realmId);
    },
    setAllowance: (setting) => state.metering.setAllowance(setting),
    meteredReads: (realmId, month) => state.metering.reads(month ?? monthOf(state.now()), realmId),
    seedCompany(options: SeedOptions): SeededCompany {
      const { records, bookCloseDate } = generateCompany(options);
      return install(options, records, bookCloseDate);
    },
    async seedScenario<N extends ScenarioName>(name: N, options?: ScenarioOptions[N]): Promise<SeededScenario<N>> {
      const build = SCENARIOS[name];
      if (!build) throw new Error(`unknown scenario ${String(name)}`);
      const realmId = options?.realmId ?? freshRealmId(state);
      const companyName = nameFor(realmId, options?.companyName);
      const built = await build({ ...options, realmId, companyName } as ScenarioOptions[N] & { companyName: string });
      return { ...install({ realmId, companyName }, built.records, undefined), ...built.truth } as SeededScenario<N>;
    },
    issueToken: (realmId) => store.issueToken(realmId),
    expireToken: (token) => store.expireToken(token),
    editRecord: (realmId, key) => store.editRecord(realmId, key),
    setReconciled: (realmId, key, reconciled) => store.setReconciled(realmId, key, reconciled),
    setBookCloseDate: (realmId, date) => store.setBookCloseDate(realmId, date),
    removeRecord: (realmId, key) => store.removeRecord(realmId, key),
    injectFault: (rule: FaultRule) => state.faults.add(rule),
    releaseHeld: () => state.faults.releaseHeld(),
    heldCount: () => state.faults.heldCount(),
    clearFaults: () => state.faults.clear(),
    requestLog: (realmId) => state.log.filter((e) => realmId === undefined || e.realmId === realmId),
    truth,
    record: (realmId, key) => {
      const rec = store.findCompany(realmId)?.records.get(key);
      return rec ? structuredClone(rec.json) : undefined;
    },
    setPageCompany: (realmId) => {
      store.company(realmId);
      state.pageRealmId = realmId;
    },
    setReferenceActive: (realmId, type, id, active) => setRefActive(store.company(realmId), type, id, active),
    deleteReference: (realmId, type, id) => deleteRef(store.company(realmId), type, id),
    references: (realmId, type) =>
      [...store.company(realmId).refs.values()]
        .filter((r) => type === undefined || r.type === type)
        .map((r) => ({ ...r })),
    records: (realmId): { entity: Entity; json: Record<string, unknown> }[] =>
      [...(store.findCompany(realmId)?.records.values() ?? [])].map((r) => ({
        entity: r.entity,
        json: structuredClone(r.json),
      })),
    registerOAuthClient: (client) => state.oauth.registerClient(client),
    oauthStats: (realmId) => state.oauth.stats(realmId),
    revokeGrants: (realmId) => state.oauth.revokeGrants(realmId),
  };
}
