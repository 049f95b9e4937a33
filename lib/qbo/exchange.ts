/** One HTTP exchange turned into either a 200 body to read, or a CallFailure (via ./to-outcome.ts). */
import type { HttpRequest, HttpSend } from './http';
import type { CallFailure, CallMeta } from './outcomes';
import { callMeta, noAnswerFailure, toCallFailure } from './to-outcome';

export type Exchanged = { kind: 'ok'; body: string; meta: CallMeta } | CallFailure;

export interface CallContext {
  send: HttpSend;
  now: () => number;
}

export async function exchange(ctx: CallContext, request: HttpRequest): Promise<Exchanged> {
  const answer = await ctx.send(request);
  if (answer.kind === 'noToken') return { kind: 'unauthorized', meta: { status: 0 } };
  if (answer.kind === 'noAnswer') return noAnswerFailure(answer.reason);
  if (answer.status !== 200) return toCallFailure(answer.status, answer.headers, answer.body, ctx.now());
  return { kind: 'ok', body: answer.body, meta: callMeta(answer.status, answer.headers) };
}

/**
 * A 200 whose body a READ cannot use (XML, garbage, a fault). Reads are never ambiguous in effect,
 * so this is reported as `incomplete`: the set cannot be proven, the caller must not proceed.
 */
export function unreadable(what: string, meta: CallMeta, detail: string): CallFailure {
  return { kind: 'incomplete', reason: `unreadable ${what} answer: ${detail}`, meta };
}
