/**
 * The full view's find tools: "Find transactions", "Find likely duplicates", "Import a
 * list" (each line resolved by the row resolver) and the name suggestions. Reads only, for the
 * company the view showed and only while it is the one in use; what they find reaches the selection
 * only through the person's "Add to selection" (`selection/add`). Every read goes through the
 * company's client: its token, its pacer, R4's counted pages.
 */

import type { DuplicateGroupView, FoundRecord, ResolvedLine } from '../domain/find';
import type { CompanyScope } from '../domain/scope';
import { duplicatesReader } from '../find/duplicates-reader';
import { scanDuplicates } from '../find/scan';
import { searchTransactions } from '../find/search';
import { fail, type Handlers, ok, type PageMessageType, type Reply } from '../messaging/protocol';
import type { QboClient, QboFindReads } from '../qbo/client-api';
import { NAME_LISTS } from '../qbo/read-name-list';
import { resolveRows, windowReaderOf, windowsReaderOf } from '../resolve/resolve';
import type { Candidate } from '../resolve/types';
import type { CompanyView } from './company-view';
import { describeFailure } from './preflight-service';
import { checkViewCompany, type ViewCompanyDeps } from './view-scope';

type FindMessageType = Extract<PageMessageType, `find/${string}`>;

/** What the find tools use: the company in view and its client (reads only). */
export interface FindServices extends ViewCompanyDeps, Pick<CompanyView, 'hasToken'> {
  clientFor(realmId: string, environment: CompanyScope['environment']): QboClient & QboFindReads;
  now: () => number;
}
type Context = [s: FindServices];

/** The company's client, when the view shows the company in use and it is connected. */
async function clientOf(s: FindServices, scope: CompanyScope): Promise<Reply<QboClient & QboFindReads>> {
  const viewed = await checkViewCompany(s, scope);
  if (!viewed.ok) return fail(viewed.error);
  if (!(await s.hasToken(viewed.scope))) return fail('Connect to QuickBooks first.');
  return ok(s.clientFor(viewed.scope.realmId, viewed.scope.environment));
}

const found = (c: Candidate): FoundRecord => ({ ...c });

export const findHandlers: Pick<Handlers<PageMessageType, Context>, FindMessageType> = {
  async 'find/search'(msg, s) {
    const client = await clientOf(s, msg.scope);
    if (!client.ok) return client;
    // Before the first read: a record changed while (or after) it was read counts as changed.
    const readAt = s.now();
    const outcome = await searchTransactions(msg.query, (entity, statement) => client.data.query(entity, statement));
    switch (outcome.kind) {
      case 'ok':
        return ok({
          kind: 'ok',
          total: outcome.total,
          readAt,
          results: outcome.rows,
        });
      case 'tooMany':
        return ok({ kind: 'tooMany', total: outcome.counted, limit: outcome.limit });
      case 'failed':
        return fail(`${describeFailure(outcome.failure.kind)} Nothing was found or added.`);
      default:
        return fail(`The search is not complete: ${outcome.issues.map((i) => i.message).join('; ')}.`);
    }
  },

  async 'find/duplicates'(msg, s) {
    const client = await clientOf(s, msg.scope);
    if (!client.ok) return client;
    const readAt = s.now();
    const result = await scanDuplicates(
      { from: msg.query.from, to: msg.query.to, types: msg.query.types, windowDays: msg.query.windowDays },
      duplicatesReader(client.data),
    );
    if (result.kind === 'invalid') return fail(result.reason);
    if (result.kind === 'tooMany')
      return fail(
        `More than ${result.limit.toLocaleString('en-US')} transactions to look through (${result.counted.toLocaleString('en-US')}). Choose a shorter date range or fewer types. Nothing was proposed.`,
      );
    if (result.kind === 'failed') return fail(`${describeFailure(result.failure.kind)} Nothing was proposed.`);
    const groups: DuplicateGroupView[] = result.findings.groups.map((g) => ({
      entity: g.entity,
      keptBecause: g.keptBecause,
      members: g.members.map(({ key: _, source, ...m }) => ({
        ...m,
        ...(source.kind !== 'unknown' ? { source: `${source.kind}: ${source.evidence}` } : {}),
      })),
    }));
    return ok({ groups, scanned: result.scanned, readAt });
  },

  async 'find/resolve'(msg, s) {
    const client = await clientOf(s, msg.scope);
    if (!client.ok) return client;
    const readAt = s.now();
    const resolutions = await resolveRows(msg.lines, windowReaderOf(client.data), windowsReaderOf(client.data));
    const lines: ResolvedLine[] = [];
    for (const line of msg.lines) {
      const res = resolutions.get(line.rowKey);
      if (!res) continue;
      if (res.kind === 'failed') return fail(`${describeFailure(res.failure.kind)} Nothing was matched or added.`);
      const candidates = res.kind === 'match' ? [found(res.candidate)] : res.kind === 'several' ? res.candidates : [];
      lines.push({ rowKey: line.rowKey, kind: res.kind, candidates: candidates.map(found) });
    }
    return ok({ lines, readAt });
  },

  async 'find/names'(msg, s) {
    const client = await clientOf(s, msg.scope);
    if (!client.ok) return client;
    const names = new Set<string>();
    for (const list of NAME_LISTS) {
      const read = await client.data.readNameList(list);
      if (read.kind !== 'ok') return fail(describeFailure(read.kind));
      for (const name of read.names) names.add(name);
    }
    return ok({ names: [...names].sort((a, b) => a.localeCompare(b)) });
  },
};
