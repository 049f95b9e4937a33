/**
 * The one hand-made client of the tests (and of the wake bench): a test supplies only the calls it
 * means to be made; every other call rejects with a message naming it, so a test that reaches one by
 * mistake fails loudly instead of passing on a made-up answer. Tests that need the real client talk
 * to the simulator (tests/qbo/helpers/sim.ts); this is for the ones that pin how the product handles
 * one answer. It lives in tools/ because the bench uses it too, and tools/ never imports tests/.
 */
import type { QboClient, QboFindReads } from '../../lib/qbo/client-api';

/** Both of createQboClient's faces: the delete/void/create client and the find tools' reads. */
export type FakeClient = QboClient & QboFindReads;
type Method = Exclude<keyof FakeClient, 'realmId' | 'environment'>;
export type FakeCalls = Partial<Pick<FakeClient, Method>>;

// Listed, not discovered by a Proxy, so a call added to QboClient is a type error here until named.
const METHODS: Record<Method, true> = {
  readByIds: true,
  readCreated: true,
  readNames: true,
  readPreferences: true,
  readCompanyInfo: true,
  readReconciled: true,
  batchDelete: true,
  deleteOne: true,
  batchVoid: true,
  voidOne: true,
  batchCreate: true,
  readNameList: true,
  readWindow: true,
  readWindows: true,
  query: true,
};

export interface FakeClientOptions {
  realmId?: string;
  environment?: QboClient['environment'];
}

function unsupplied(name: Method): () => Promise<never> {
  return () => Promise.reject(new Error(`fake client: ${name} was called, but this test did not supply it`));
}

/**
 * A client for `realmId` (default '1', sandbox) answering with `calls`. The returned object is
 * mutable so a test can swap one call mid-run (`client.readByIds = …`).
 */
export function fakeClient(calls: FakeCalls = {}, options: FakeClientOptions = {}): FakeClient {
  const client = {
    realmId: options.realmId ?? '1',
    environment: options.environment ?? 'sandbox',
  } as Record<string, unknown>;
  for (const name of Object.keys(METHODS) as Method[]) client[name] = calls[name] ?? unsupplied(name);
  return client as unknown as FakeClient;
}
