/** tools/support/fake-client.ts: what a test supplies answers; anything else fails by its name. */
import { describe, expect, it } from 'vitest';
import { fakeClient } from '../../tools/support/fake-client';

describe('fakeClient', () => {
  it('answers with the calls a test supplies, for realm 1 in the sandbox unless told otherwise', async () => {
    const client = fakeClient({ readPreferences: async () => ({ kind: 'ok', meta: { status: 200 } }) });
    expect(await client.readPreferences()).toEqual({ kind: 'ok', meta: { status: 200 } });
    expect([client.realmId, client.environment]).toEqual(['1', 'sandbox']);
    const other = fakeClient({}, { realmId: '123', environment: 'production' });
    expect([other.realmId, other.environment]).toEqual(['123', 'production']);
  });

  it('a call the test did not supply rejects, naming the call', async () => {
    const client = fakeClient({ readPreferences: async () => ({ kind: 'ok', meta: { status: 200 } }) });
    await expect(client.batchDelete([])).rejects.toThrow(
      'fake client: batchDelete was called, but this test did not supply it',
    );
    await expect(client.readWindow('Invoice', '2025-01-01', '2025-01-31')).rejects.toThrow(/readWindow/);
  });

  it('a call can be swapped mid-test', async () => {
    const client = fakeClient();
    client.readCompanyInfo = async () => ({ kind: 'ok', meta: { status: 200 }, companyName: 'Maple' });
    expect(await client.readCompanyInfo()).toMatchObject({ companyName: 'Maple' });
  });
});
