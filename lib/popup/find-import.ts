/**
 * "Import a list", the full view's side: a report file read by the parser (a
 * dynamic import: Papa Parse and the XLSX reader stay out of the popup), the column mapping the
 * person may fix, each line resolved by the background (`find/resolve`, 5,000 a message), and what
 * is added: the matched lines and the can't-tell lines the person picked a candidate for, nothing
 * else.
 */
import { signal } from '@preact/signals';
import type { FoundRecord, ImportLine, ResolvedLine } from '../domain/find';
import type { CompanyScope } from '../domain/scope';
import type { Shown } from '../domain/shown';
import {
  MAX_REPORT_BYTES,
  type Mapping,
  type ParsedReport,
  REPORT_TOO_LARGE,
  type ReportField,
  type SkippedRow,
} from '../find/report-types';
import { type AddNotice, addToSelection, ask, FIND_BATCH, type FindApi, type RecordRef } from './find-model';

/** The parser's module, loaded on first use (tests pass their own). */
export type ReportParser = Pick<typeof import('../find/report-parse'), 'parseReportFile' | 'linesOf'>;
const loadParser = (): Promise<ReportParser> => import('../find/report-parse');

export interface ImportedLine {
  rowKey: string;
  /** 1-based row in the file. */
  row: number;
  shown: Shown;
}

export interface ResolvedImport {
  matched: { line: ImportedLine; record: FoundRecord }[];
  cantTell: { line: ImportedLine; candidates: FoundRecord[] }[];
  notFound: ImportedLine[];
  /** Lines the resolver could not read (no date or amount it understood). */
  unreadable: ImportedLine[];
  /** The earliest read of all the messages: a record changed after it counts as changed. */
  readAt: number;
  /** The company every line was resolved in (each message named it). */
  scope: CompanyScope;
}

export type ImportView =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'error'; message: string }
  | { kind: 'mapping'; report: ParsedReport; mapping: Mapping; fileName: string }
  | { kind: 'matching'; report: ParsedReport; mapping: Mapping; fileName: string }
  | { kind: 'resolved'; report: ParsedReport; mapping: Mapping; fileName: string; result: ResolvedImport };

const rowOf = (rowKey: string) => Number(rowKey.slice(rowKey.lastIndexOf('-') + 1)) || 0;

export function createImportModel(api: FindApi, parser: () => Promise<ReportParser> = loadParser) {
  const view = signal<ImportView>({ kind: 'idle' });
  /** Lines skipped by the mapping in use (title, totals, no date…), with their reasons. */
  const skipped = signal<SkippedRow[]>([]);
  /** Problems with the mapping or the match, in words. */
  const problem = signal<string | undefined>(undefined);
  /** rowKey → the picked candidate's index, for "Can't tell" lines. */
  const picks = signal<ReadonlyMap<string, number>>(new Map());
  const notice = signal<AddNotice>(undefined);

  /** What "Add to selection" adds: every matched line's record and each picked candidate. */
  function chosen(): RecordRef[] {
    const v = view.peek();
    if (v.kind !== 'resolved') return [];
    const out: RecordRef[] = v.result.matched.map(({ record }) => ({ entity: record.entity, id: record.id }));
    for (const { line, candidates } of v.result.cantTell) {
      const index = picks.peek().get(line.rowKey);
      const c = index === undefined ? undefined : candidates[index];
      if (c) out.push({ entity: c.entity, id: c.id });
    }
    return out;
  }

  return {
    view,
    skipped,
    problem,
    picks,
    notice,
    async readFile(file: { name: string; size: number; arrayBuffer: () => Promise<ArrayBuffer> }): Promise<void> {
      view.value = { kind: 'reading' };
      problem.value = undefined;
      notice.value = undefined;
      skipped.value = [];
      picks.value = new Map();
      // By its size first: a file over the limit is never read into memory.
      if (!(file.size <= MAX_REPORT_BYTES)) {
        view.value = { kind: 'error', message: REPORT_TOO_LARGE };
        return;
      }
      let bytes: ArrayBuffer;
      try {
        bytes = await file.arrayBuffer();
      } catch {
        view.value = { kind: 'error', message: 'The file could not be opened. Choose it again.' };
        return;
      }
      const mod = await parser();
      const parsed = await mod.parseReportFile({ name: file.name, bytes });
      view.value =
        parsed.kind === 'error'
          ? { kind: 'error', message: parsed.message }
          : { kind: 'mapping', report: parsed, mapping: { ...parsed.mapping }, fileName: file.name };
    },
    /** The person fixes the mapping: `column` undefined leaves the field without a column. */
    setColumn(field: ReportField, column: number | undefined): void {
      const v = view.peek();
      if (v.kind !== 'mapping' && v.kind !== 'resolved') return;
      const mapping: Mapping = { ...v.mapping };
      if (column === undefined) delete mapping[field];
      else mapping[field] = column;
      // A new mapping makes new lines: an earlier match no longer says what they are.
      view.value = { kind: 'mapping', report: v.report, mapping, fileName: v.fileName };
      skipped.value = [];
      picks.value = new Map();
      notice.value = undefined;
    },
    /** "Match in QuickBooks": the lines of the mapping, resolved 5,000 a message. */
    async matchInQuickBooks(): Promise<void> {
      const v = view.peek();
      if (v.kind !== 'mapping' && v.kind !== 'resolved') return;
      notice.value = undefined;
      picks.value = new Map();
      const mod = await parser();
      const lines = mod.linesOf(v.report, v.mapping);
      if (lines.kind === 'error') {
        problem.value = lines.message;
        return;
      }
      problem.value = undefined;
      skipped.value = lines.skipped;
      if (lines.lines.length === 0) {
        problem.value = 'No line of this file has a date and an amount to match.';
        return;
      }
      const { report, mapping, fileName } = v;
      view.value = { kind: 'matching', report, mapping, fileName };
      const byKey = new Map<string, ImportedLine>();
      const sent: ImportLine[] = lines.lines.map((l) => {
        byKey.set(l.rowKey, { rowKey: l.rowKey, row: rowOf(l.rowKey), shown: l.shown });
        return { rowKey: l.rowKey, shown: l.shown, ...(l.entities ? { entities: [...l.entities] } : {}) };
      });
      const resolved: ResolvedLine[] = [];
      let readAt = Number.POSITIVE_INFINITY;
      let scope: CompanyScope | undefined;
      for (let i = 0; i < sent.length; i += FIND_BATCH) {
        const part = sent.slice(i, i + FIND_BATCH);
        const reply = await ask<'find/resolve'>(api, (scope) => ({ type: 'find/resolve', lines: part, scope }));
        if (!reply.ok) {
          problem.value = `${reply.message} Nothing was added.`;
          view.value = { kind: 'mapping', report, mapping, fileName };
          return;
        }
        // Every message names the company shown when it is sent: a switch midway stops the match.
        if (scope && (scope.realmId !== reply.scope.realmId || scope.environment !== reply.scope.environment)) {
          problem.value = 'The company changed while matching. Nothing was added: match again.';
          view.value = { kind: 'mapping', report, mapping, fileName };
          return;
        }
        scope = reply.scope;
        resolved.push(...reply.data.lines);
        readAt = Math.min(readAt, reply.data.readAt);
      }
      if (!scope) return;
      const result: ResolvedImport = { matched: [], cantTell: [], notFound: [], unreadable: [], readAt, scope };
      for (const r of resolved) {
        const line = byKey.get(r.rowKey);
        if (!line) continue; // not a line we sent
        const [first] = r.candidates;
        if (r.kind === 'match' && first && r.candidates.length === 1) result.matched.push({ line, record: first });
        else if (r.kind === 'several' && r.candidates.length > 1)
          result.cantTell.push({ line, candidates: r.candidates });
        else if (r.kind === 'unreadable') result.unreadable.push(line);
        else result.notFound.push(line);
      }
      view.value = { kind: 'resolved', report, mapping, fileName, result };
    },
    /** The person's pick for a can't-tell line (undefined: don't add it). */
    pick(rowKey: string, index: number | undefined): void {
      const next = new Map(picks.peek());
      if (index === undefined) next.delete(rowKey);
      else next.set(rowKey, index);
      picks.value = next;
    },
    chosen,
    async add(): Promise<void> {
      const v = view.peek();
      if (v.kind !== 'resolved') return;
      const records = chosen();
      if (records.length === 0) return;
      notice.value = await addToSelection(api, records, v.result.readAt, v.result.scope);
    },
  };
}

export type ImportModel = ReturnType<typeof createImportModel>;
