/** A client pointed at a fixture server, with a fixed clock. */
import { createQboClient } from '../../../lib/qbo/client';
import type { QboClient, QboClientOptions, QboFindReads } from '../../../lib/qbo/client-api';
import { REALM } from './fixture-server';

export const NOW = Date.parse('2026-01-15T12:00:00Z');

export function clientFor(url: string, options: Partial<QboClientOptions> = {}): QboClient & QboFindReads {
  return createQboClient({
    realmId: REALM,
    environment: 'sandbox',
    baseUrl: url,
    getToken: () => 'test-token',
    now: () => NOW,
    ...options,
  });
}
