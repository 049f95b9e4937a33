/** R3: the book-closing date. Absent means the books are open; a malformed one is refused. */
import { type CallContext, exchange, unreadable } from './exchange';
import { faultsFromJson, parseJsonSafely, primaryFault } from './fault';
import type { CallResult } from './outcomes';
import { isIsoDate, PreferencesSchema } from './schemas';
import { excerpt } from './to-outcome';

export async function readPreferences(ctx: CallContext): Promise<CallResult<{ bookCloseDate?: string }>> {
  const answer = await exchange(ctx, { method: 'GET', path: 'preferences' });
  if (answer.kind !== 'ok') return answer;
  const json = parseJsonSafely(answer.body);
  const parsed = PreferencesSchema.safeParse(json);
  if (!parsed.success) {
    const fault = primaryFault(faultsFromJson(json));
    if (fault) return { kind: 'refusedWhole', fault, meta: answer.meta };
    return unreadable('preferences', answer.meta, excerpt(answer.body));
  }
  const date = parsed.data.Preferences.AccountingInfoPrefs?.BookCloseDate;
  if (date === undefined || date === '') return { kind: 'ok', meta: answer.meta };
  // R3: a closing date we cannot read could let a closed-period record look deletable.
  if (!isIsoDate(date)) return unreadable('preferences', answer.meta, `BookCloseDate ${JSON.stringify(date)}`);
  return { kind: 'ok', meta: answer.meta, bookCloseDate: date };
}
