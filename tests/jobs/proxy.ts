/**
 * The real client on the real simulator through a proxy that may rewrite batch calls, for answers
 * the simulator does not give by itself but the real service was recorded giving (issue 23): a
 * SystemFault inside an HTTP 200, a 3001 with 403, a 429 without Retry-After. The proxy sees each
 * batch call's request body and decides: forward it (and maybe rewrite the answer) or answer alone.
 */

import type { JobRunnerOptions } from '../../lib/jobs/types';
import { createQboClient } from '../../lib/qbo/client';
import type { Harness } from './harness';

export type Json = Record<string, unknown>;

export interface BatchCall {
  /** The request's BatchItemRequest, as sent. */
  items: Json[];
  /** 0 for the first batch call through this proxy. */
  index: number;
  /** Sends the call on to the simulator as it was. */
  forward(): Promise<Response>;
}

export type BatchHook = (call: BatchCall) => Promise<Response>;

export const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': typeof body === 'string' ? 'application/xml' : 'application/json', ...headers },
  });

/** The answer with its BatchItemResponse items rewritten (by bId) and the same status and headers. */
export async function rewriteItems(answer: Response, rewrite: (item: Json) => Json): Promise<Response> {
  const body = (await answer.json()) as { BatchItemResponse?: Json[] };
  const items = (body.BatchItemResponse ?? []).map(rewrite);
  return new Response(JSON.stringify({ ...body, BatchItemResponse: items }), {
    status: answer.status,
    headers: answer.headers,
  });
}

/** A clientFor for `harness.runner({ clientFor })`: every batch call goes through `hook`. */
export function proxiedClientFor(harness: Harness, hook: BatchHook): JobRunnerOptions['clientFor'] {
  let index = 0;
  const via: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (!new URL(request.url).pathname.endsWith('/batch')) return fetch(request);
    const sent = JSON.parse(await request.clone().text()) as { BatchItemRequest?: Json[] };
    return hook({ items: sent.BatchItemRequest ?? [], index: index++, forward: () => fetch(request) });
  };
  return (realmId, environment) =>
    createQboClient({
      realmId,
      environment,
      baseUrl: harness.sim.url,
      getToken: () => harness.company.token,
      now: harness.clock.now,
      fetch: via,
    });
}

/** `Entity:Id` of a batch delete item. */
export function keyOfItem(item: Json): string {
  const [entity, body] = Object.entries(item).find(([k]) => k !== 'bId' && k !== 'operation') ?? [];
  return `${entity}:${(body as { Id?: string } | undefined)?.Id ?? ''}`;
}
