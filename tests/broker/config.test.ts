// parseBrokerConfig: clear errors naming the variable (never its value), defaults, origins derived
// from Chrome redirects, explicit origins for Firefox.
import { describe, expect, it } from 'vitest';
import { INTUIT_DISCOVERY_URL, isBrokerConfigError, parseBrokerConfig } from '../../broker/src/config';
import { CHROME_ORIGIN, CHROME_REDIRECT, FIREFOX_ORIGIN, FIREFOX_REDIRECT } from './harness';

const base = {
  INTUIT_CLIENT_ID: 'id-1',
  INTUIT_CLIENT_SECRET: 'secret-value-xyz',
  BROKER_ALLOWED_REDIRECTS: CHROME_REDIRECT,
};

function errorOf(env: Record<string, string | undefined>): string {
  try {
    parseBrokerConfig(env);
  } catch (error) {
    expect(isBrokerConfigError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected a configuration error');
}

describe('parseBrokerConfig', () => {
  it('names a missing or empty secret clearly', () => {
    expect(errorOf({ ...base, INTUIT_CLIENT_SECRET: undefined })).toMatch(/INTUIT_CLIENT_SECRET is missing/);
    expect(errorOf({ ...base, INTUIT_CLIENT_SECRET: '  ' })).toMatch(/INTUIT_CLIENT_SECRET is missing/);
    expect(errorOf({ ...base, INTUIT_CLIENT_ID: undefined })).toMatch(/INTUIT_CLIENT_ID is missing/);
    expect(errorOf({ ...base, BROKER_ALLOWED_REDIRECTS: undefined })).toMatch(/BROKER_ALLOWED_REDIRECTS is missing/);
  });

  it('refuses bad values without quoting them', () => {
    const short = errorOf({ ...base, BROKER_STATE_SECRET: 'too-short-state-secret' });
    expect(short).toMatch(/BROKER_STATE_SECRET is invalid/);
    expect(short).not.toContain('too-short-state-secret');
    expect(errorOf({ ...base, BROKER_ALLOWED_REDIRECTS: 'http://x.chromiumapp.org/' })).toMatch(
      /BROKER_ALLOWED_REDIRECTS/,
    );
    expect(errorOf({ ...base, BROKER_ALLOWED_REDIRECTS: 'https://x.example/#frag' })).toMatch(
      /BROKER_ALLOWED_REDIRECTS/,
    );
    expect(errorOf({ ...base, BROKER_ALLOWED_ORIGINS: '*' })).toMatch(/BROKER_ALLOWED_ORIGINS/);
    expect(errorOf({ ...base, INTUIT_DISCOVERY_URL: 'not a url' })).toMatch(/INTUIT_DISCOVERY_URL/);
    expect(errorOf({})).not.toContain('secret-value-xyz');
  });

  it("defaults to Intuit's discovery document and derives Chrome's origin from its redirect", () => {
    const config = parseBrokerConfig({ ...base, INTUIT_DISCOVERY_URL: '' });
    expect(config.discoveryUrl).toBe(INTUIT_DISCOVERY_URL);
    expect(config.allowedOrigins).toEqual([CHROME_ORIGIN]);
    expect(config.stateSecret).toBeUndefined();
  });

  it('takes Firefox origins from BROKER_ALLOWED_ORIGINS, in addition to the derived ones', () => {
    const config = parseBrokerConfig({
      ...base,
      BROKER_ALLOWED_REDIRECTS: ` ${CHROME_REDIRECT} , ${FIREFOX_REDIRECT},`,
      BROKER_ALLOWED_ORIGINS: FIREFOX_ORIGIN,
      BROKER_PUBLIC_URL: 'https://broker.example.com/',
    });
    expect(config.allowedRedirects).toEqual([CHROME_REDIRECT, FIREFOX_REDIRECT]);
    expect(config.allowedOrigins).toEqual([CHROME_ORIGIN, FIREFOX_ORIGIN]);
    expect(config.publicUrl).toBe('https://broker.example.com');
  });
});
