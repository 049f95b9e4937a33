/**
 * A job that waits for a token because the sign-in service could not be reached (both refresh tries
 * got no answer, not `invalid_grant`) is woken when the provider's backoff ends, even with the popup
 * closed and the worker stopped meanwhile: a one-shot alarm per company at the backoff's end. The
 * alarm re-derives everything when it fires (uBlock Origin Lite's way): if a job of that company
 * still waits, it asks for a token (a refresh); a token resumes the jobs, none schedules the next
 * wake at the new backoff's end (the provider doubles it), so the broker is never asked in a loop.
 * A worker that restarted has no backoff in memory: its first wake refreshes at once.
 */

import { CompanyScopeSchema } from '../domain/schemas';
import type { CompanyScope } from '../domain/scope';
import type { AlarmLike, AlarmsArea } from '../storage/area';
import type { TokenProvider } from './token-provider';

/** `safe-delete:token-wake:<environment>.<realmId>`: one alarm per company. */
export const TOKEN_WAKE_PREFIX = 'safe-delete:token-wake:';

export const tokenWakeAlarm = (scope: CompanyScope) => `${TOKEN_WAKE_PREFIX}${scope.environment}.${scope.realmId}`;

/** The company an alarm of ours names; undefined for any other alarm. */
function scopeOf(name: string): CompanyScope | undefined {
  if (!name.startsWith(TOKEN_WAKE_PREFIX)) return undefined;
  const [environment, realmId] = name.slice(TOKEN_WAKE_PREFIX.length).split('.');
  const parsed = CompanyScopeSchema.safeParse({ environment, realmId });
  return parsed.success ? parsed.data : undefined;
}

export function createTokenWake(deps: {
  alarms: AlarmsArea;
  provider: Pick<TokenProvider, 'getToken' | 'retryAt'>;
  /** A job of this company waits for a token. */
  waiting: (scope: CompanyScope) => Promise<boolean>;
  /** A token is there: this company's jobs waiting for one go on. */
  resume: (scope: CompanyScope) => Promise<void>;
}) {
  /** Wakes at the end of the company's backoff; nothing when it is not backing off. */
  async function schedule(scope: CompanyScope): Promise<void> {
    const at = deps.provider.retryAt(scope);
    if (at !== undefined) await deps.alarms.create(tokenWakeAlarm(scope), { when: at });
  }
  return {
    schedule,
    async onAlarm(alarm: AlarmLike): Promise<void> {
      const scope = scopeOf(alarm.name);
      if (!scope || !(await deps.waiting(scope))) return;
      if ((await deps.provider.getToken(scope)) !== undefined) await deps.resume(scope);
      else await schedule(scope);
    },
  };
}
