/**
 * The company's name, so the popup can say WHICH client's books a delete touches:
 * `GET companyinfo/{realmId}` → CompanyInfo.CompanyName. A 200 that is not such an answer (XML, an
 * empty body, a fault, a blank name) is a failure, never a throw and never a made-up name.
 */
import { type CallContext, exchange, unreadable } from './exchange';
import { faultsFromJson, parseJsonSafely, primaryFault } from './fault';
import type { CallResult } from './outcomes';
import { CompanyInfoSchema } from './schemas';
import { excerpt } from './to-outcome';

/** Longer names are cut: the name is shown, never parsed. */
export const MAX_COMPANY_NAME = 256;

export async function readCompanyInfo(ctx: CallContext, realmId: string): Promise<CallResult<{ companyName: string }>> {
  const answer = await exchange(ctx, { method: 'GET', path: `companyinfo/${realmId}` });
  if (answer.kind !== 'ok') return answer;
  const json = parseJsonSafely(answer.body);
  const parsed = CompanyInfoSchema.safeParse(json);
  if (!parsed.success) {
    const fault = primaryFault(faultsFromJson(json));
    if (fault) return { kind: 'refusedWhole', fault, meta: answer.meta };
    return unreadable('company info', answer.meta, excerpt(answer.body));
  }
  const companyName = parsed.data.CompanyInfo.CompanyName.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  if (companyName === '') return unreadable('company info', answer.meta, 'no CompanyName');
  return { kind: 'ok', meta: answer.meta, companyName: [...companyName].slice(0, MAX_COMPANY_NAME).join('') };
}
