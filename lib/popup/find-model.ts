/**
 * The full view's find tools: which tool is open, "Find transactions" and "Find likely
 * duplicates" with their answers, the name suggestions, and the one way in to the selection,
 * `selection/add` (the person's click, for the company the view shows, `shownAt` = when the
 * background read what was shown). Loaded only by the full view (components/find/FindMount.tsx).
 * "Import a list" keeps its state in ./find-import.ts.
 */

import { type Signal, signal } from '@preact/signals';
import type { Entity } from '../domain/entities';
import type { DuplicateGroupView, DuplicatesQuery, FoundRecord } from '../domain/find';
import { recordKey } from '../domain/record-key';
import type { CompanyScope } from '../domain/scope';
import { lastDayAllowed, MAX_RANGE_YEARS } from '../domain/search-query';
import type { Reply, ReplyOf, RequestOf } from '../messaging/protocol';
import { type SearchForm, searchQueryOf } from './find-form';
import { formatCount } from './format';
import { NO_ANSWER, NO_COMPANY } from './restore';

/** What the popup model lends the find tools (model.findApi). */
export interface FindApi {
  request: <K extends 'find/search' | 'find/duplicates' | 'find/resolve' | 'find/names'>(
    message: RequestOf<K>,
  ) => Promise<Reply<ReplyOf<K>> | undefined>;
  act: (message: RequestOf<'selection/add'>) => Promise<boolean>;
  shownCompany: () => CompanyScope | undefined;
  actionError: Signal<string | undefined>;
}

export type Tool = 'search' | 'import' | 'duplicates';
export interface RecordRef {
  entity: Entity;
  id: string;
}
/** The protocol's bound on one `selection/add` and one `find/resolve`. */
export const FIND_BATCH = 5000;

export type SearchView =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'invalid'; problems: string[] }
  | { kind: 'error'; message: string }
  | { kind: 'tooMany'; limit: number; total: number }
  | { kind: 'results'; rows: FoundRecord[]; total: number; readAt: number; scope: CompanyScope };

export type DuplicatesView =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'invalid'; problems: string[] }
  | { kind: 'error'; message: string }
  | { kind: 'groups'; groups: DuplicateGroupView[]; scanned: number; readAt: number; scope: CompanyScope };

/** What an "Add to selection" click came to, in words. */
export type AddNotice = { kind: 'added' | 'error'; text: string } | undefined;

export const ADDED_WORDS = (n: number) =>
  `Added ${formatCount(n)} to the selection. They are checked before anything is deleted.`;

/** A reply's data, or the reason in words (no answer, a refusal). */
export async function ask<K extends 'find/search' | 'find/duplicates' | 'find/resolve' | 'find/names'>(
  api: FindApi,
  build: (scope: CompanyScope) => RequestOf<K>,
): Promise<{ ok: true; data: ReplyOf<K>; scope: CompanyScope } | { ok: false; message: string }> {
  const scope = api.shownCompany();
  if (!scope) return { ok: false, message: NO_COMPANY };
  const reply = await api.request<K>(build(scope));
  if (!reply) return { ok: false, message: NO_ANSWER };
  if (!reply.ok) return { ok: false, message: reply.error };
  return { ok: true, data: reply.data, scope };
}

/**
 * Adds `records` in messages of 5,000, each naming the company they were read from (`scope`, not the
 * one shown now: the background refuses the add if the view moved to another company) and when.
 */
export async function addToSelection(
  api: FindApi,
  records: readonly RecordRef[],
  shownAt: number,
  scope: CompanyScope,
): Promise<AddNotice> {
  const seen = new Set<string>();
  const unique = records.filter((r) => !seen.has(recordKey(r.entity, r.id)) && !!seen.add(recordKey(r.entity, r.id)));
  let added = 0;
  for (let i = 0; i < unique.length; i += FIND_BATCH) {
    const part = unique.slice(i, i + FIND_BATCH).map(({ entity, id }) => ({ entity, id }));
    if (!(await api.act({ type: 'selection/add', records: part, shownAt, scope }))) {
      const why = api.actionError.peek() ?? NO_ANSWER;
      const text = added > 0 ? `Added ${formatCount(added)}; the rest were not added: ${why}` : why;
      return { kind: 'error', text };
    }
    added += part.length;
  }
  return { kind: 'added', text: ADDED_WORDS(added) };
}

export function createFindModel(api: FindApi) {
  const tool = signal<Tool | undefined>(undefined);
  const names = signal<string[]>([]);
  const search = signal<SearchView>({ kind: 'idle' });
  const searchNotice = signal<AddNotice>(undefined);
  const duplicates = signal<DuplicatesView>({ kind: 'idle' });
  const duplicatesNotice = signal<AddNotice>(undefined);
  let namesAsked = false;

  async function loadNames(): Promise<void> {
    if (namesAsked) return;
    namesAsked = true;
    const reply = await ask<'find/names'>(api, (scope) => ({ type: 'find/names', scope }));
    // Suggestions only: without them the person types the name in full.
    if (reply.ok && Array.isArray(reply.data.names)) names.value = reply.data.names.slice(0, 10_000);
    else namesAsked = false;
  }

  return {
    tool,
    names,
    search,
    searchNotice,
    duplicates,
    duplicatesNotice,
    /** Opens a tool (the same button again closes it); "Find transactions" asks for the names once. */
    open(next: Tool): void {
      tool.value = tool.peek() === next ? undefined : next;
      if (tool.peek() === 'search') void loadNames();
    },
    async runSearch(form: SearchForm): Promise<void> {
      const checked = searchQueryOf(form);
      searchNotice.value = undefined;
      if (checked.kind === 'invalid') {
        search.value = { kind: 'invalid', problems: checked.problems };
        return;
      }
      search.value = { kind: 'busy' };
      const reply = await ask<'find/search'>(api, (scope) => ({ type: 'find/search', query: checked.query, scope }));
      if (!reply.ok) search.value = { kind: 'error', message: reply.message };
      else if (reply.data.kind === 'tooMany')
        search.value = { kind: 'tooMany', limit: reply.data.limit, total: reply.data.total };
      else
        search.value = {
          kind: 'results',
          rows: reply.data.results,
          total: reply.data.total,
          readAt: reply.data.readAt,
          scope: reply.scope,
        };
    },
    async addFound(records: readonly RecordRef[]): Promise<void> {
      const s = search.peek();
      if (s.kind !== 'results' || records.length === 0) return;
      searchNotice.value = await addToSelection(api, records, s.readAt, s.scope);
    },
    async runDuplicates(query: { from: string; to: string; types: Entity[]; windowDays: number }): Promise<void> {
      const problems: string[] = [];
      if (!query.from || !query.to) problems.push('Give both dates of the date range.');
      else if (query.to < query.from) problems.push('The date range ends before it starts.');
      // The cap of a search: the background refuses it too, with the same words.
      else if (query.to > lastDayAllowed(query.from))
        problems.push(`The date range can be at most ${MAX_RANGE_YEARS} years.`);
      if (query.types.length === 0) problems.push('Choose at least one type.');
      if (!Number.isInteger(query.windowDays) || query.windowDays < 0 || query.windowDays > 31)
        problems.push('The days window is a whole number from 0 to 31.');
      duplicatesNotice.value = undefined;
      if (problems.length > 0) {
        duplicates.value = { kind: 'invalid', problems };
        return;
      }
      duplicates.value = { kind: 'busy' };
      const q: DuplicatesQuery = { ...query };
      const reply = await ask<'find/duplicates'>(api, (scope) => ({ type: 'find/duplicates', query: q, scope }));
      duplicates.value = reply.ok
        ? {
            kind: 'groups',
            groups: reply.data.groups,
            scanned: reply.data.scanned,
            readAt: reply.data.readAt,
            scope: reply.scope,
          }
        : { kind: 'error', message: reply.message };
    },
    async addDuplicates(records: readonly RecordRef[]): Promise<void> {
      const d = duplicates.peek();
      if (d.kind !== 'groups') return;
      // Only proposed members can be added: a kept or protected one never, whatever the caller passes.
      const proposed = new Set(
        d.groups.flatMap((g) => g.members.filter((m) => m.role === 'proposed').map((m) => recordKey(m.entity, m.id))),
      );
      const allowed = records.filter((r) => proposed.has(recordKey(r.entity, r.id)));
      if (allowed.length === 0) return;
      duplicatesNotice.value = await addToSelection(api, allowed, d.readAt, d.scope);
    },
  };
}

export type FindModel = ReturnType<typeof createFindModel>;
