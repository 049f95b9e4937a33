/**
 * Words a bookkeeper reads or hears on the main path (signed in with Intuit) name no developer's
 * thing: no access token, no realm, no SyncToken. The developers' pasted-token path may say "token".
 */
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../lib/background/preflight-service';
import { announcement } from '../../lib/popup/announce';
import { restoreRefusalText } from '../../lib/popup/words';
import { jobView, popupState } from './fixtures';

const DEVELOPER_WORDS = /token|realm|SyncToken|DocNumber|\bProduction\b/i;
const options = { includeReconciled: false, includeLinked: false };

describe("a bookkeeper's words", () => {
  it('a job paused because the sign-in ended is announced as a reconnect, not a token to save', () => {
    const signedIn = {
      realmId: '123',
      environment: 'sandbox',
      hasToken: true,
      remember: false,
      method: 'oauth',
    } as const;
    const before = popupState({ connection: signedIn, job: jobView({ state: 'running' }) });
    const after = popupState({
      connection: signedIn,
      job: jobView({ state: 'tokenNeeded', wait: { kind: 'tokenNeeded' } }),
    });
    const said = announcement(before, after, options);
    expect(said).toBe('Deletion paused until you reconnect to QuickBooks.');
    expect(said).not.toMatch(DEVELOPER_WORDS);
    // The pasted token's path still says what to paste.
    const pasted = { ...signedIn, method: 'pasted' } as const;
    expect(announcement({ ...before, connection: pasted }, { ...after, connection: pasted }, options)).toBe(
      'Deletion paused until a new access token is saved.',
    );
  });

  it('a check refused by QuickBooks (401, 403) says so without tokens', () => {
    for (const kind of ['unauthorized', 'forbidden']) {
      expect(describeFailure(kind), kind).not.toMatch(DEVELOPER_WORDS);
      expect(describeFailure(kind), kind).toMatch(/QuickBooks/);
    }
  });

  it("a record of another company in a restore is named by the company's Id, not the service's environment", () => {
    const text = restoreRefusalText({ code: 'otherCompany', realmId: '9130350000000001', environment: 'production' });
    expect(text).toBe('It belongs to another company (Id 9130350000000001): restore one company at a time.');
    expect(text).not.toMatch(DEVELOPER_WORDS);
  });
});
