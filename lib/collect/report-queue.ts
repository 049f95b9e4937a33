/**
 * The content script's outbox, one promise chain: first `page/hello` (the page's company, kept from
 * the first answer that names one: the company the page was loaded under), then `selection/report`
 * changes, each bound to that company. Reports wait for the hello. A send that throws (background
 * unreachable) keeps its changes and is retried after `retryMs`, the hello too; a reply
 * `{ ok: false }` is final (the background refused the page, e.g. a stale tab). An accepted report's
 * `refused` keys go to `onRefused` with the tickedAt that was sent.
 */

import { isRealmId } from '../domain/ids';
import { keyOfRecord } from '../domain/record-key';
import { MAX_REPORT_ITEMS } from '../messaging/content-limits';
import type {
  AddedItem,
  AddedRow,
  PageHelloReply,
  PageInfo,
  RemovedItem,
  SelectionReportReply,
} from '../messaging/content-protocol';
import type { ContentSend, Reply } from '../messaging/protocol';
import type { Timers } from './observer';

export interface ReportQueueOptions {
  send: ContentSend;
  signal: AbortSignal;
  timers: Timers;
  retryMs: number;
  onRefused(key: string, sentTickedAt: number): void;
}

export interface Changes {
  added: AddedItem[];
  pageTicked: AddedItem[];
  removed: RemovedItem[];
  /** Rows known by what they show (`row:` keys): the person's ticks and unticks. */
  addedRows?: AddedRow[];
  removedRows?: string[];
  /** Rows known by what they show, ticked with no gesture of the person. */
  pageTickedRows?: AddedRow[];
}

export interface ReportQueue {
  /** The page's URL and host for the next messages. */
  setPage(url: string, host: string): void;
  /** Asks the background for the page's company, unless it is already known. */
  hello(): void;
  company(): string | null;
  /** Queues changes (a newer change of a key replaces an older one) and the page's description. */
  push(changes: Changes, snapshot: boolean, page: PageInfo): void;
  /** Resolves when every queued message has been handed to `send` and answered. */
  idle(): Promise<void>;
}

const keyOf = keyOfRecord;

const pageKey = (p: PageInfo | undefined) =>
  p === undefined || (p.seenSelected === 0 && !p.claimedSelected && !p.unreadable && !p.bankLines)
    ? ''
    : JSON.stringify([p.claimedSelected ?? null, p.seenSelected, p.unreadable?.tickedBoxes ?? 0, p.bankLines ?? 0]);

/** The rows' lists of a report, only when it has any (a report about transactions alone stays as it was). */
function rowChunk(
  addedRows: AddedRow[],
  removedRows: string[],
  pageTickedRows: AddedRow[],
): { addedRows?: AddedRow[]; removedRows?: string[]; pageTickedRows?: AddedRow[] } {
  return {
    ...(addedRows.length > 0 ? { addedRows } : {}),
    ...(removedRows.length > 0 ? { removedRows } : {}),
    ...(pageTickedRows.length > 0 ? { pageTickedRows } : {}),
  };
}

/** The page's company from the answer, only if it has a realm id's form (it becomes the page's binding). */
function readHello(reply: Reply<PageHelloReply> | undefined): string | undefined {
  const realmId = reply?.ok ? reply.data.realmId : undefined;
  return isRealmId(realmId) ? realmId : undefined;
}

/** 'refused' for `{ ok: false }`; else the refused keys of an accepted report (none without an answer). */
function readReport(reply: Reply<SelectionReportReply> | undefined): 'refused' | string[] {
  if (reply?.ok === false) return 'refused';
  return reply?.ok ? reply.data.refused : [];
}

export function createReportQueue(options: ReportQueueOptions): ReportQueue {
  const { send, signal, timers } = options;
  const lists = { added: new Map<string, AddedItem>(), pageTicked: new Map<string, AddedItem>() };
  const removed = new Map<string, RemovedItem>();
  const rows = {
    added: new Map<string, AddedRow>(),
    pageTicked: new Map<string, AddedRow>(),
    removed: new Set<string>(),
  };
  let company: string | null = null;
  let helloWanted = false;
  let page = { url: '', host: '' };
  let info: PageInfo | undefined;
  let sentInfo = '';
  let snapshotPending = false;
  let chain: Promise<void> = Promise.resolve();
  let retry: unknown;

  const pageFields = () => ({ pageUrl: page.url, host: page.host });
  signal.addEventListener('abort', () => retry !== undefined && timers.clearTimeout(retry), { once: true });
  const has = (key: string) =>
    lists.added.has(key) ||
    lists.pageTicked.has(key) ||
    removed.has(key) ||
    rows.added.has(key) ||
    rows.pageTicked.has(key) ||
    rows.removed.has(key);
  const pending = () =>
    lists.added.size +
    lists.pageTicked.size +
    removed.size +
    rows.added.size +
    rows.pageTicked.size +
    rows.removed.size;
  const run = () => {
    chain = chain.then(step);
  };
  const scheduleRetry = () => {
    if (retry !== undefined || signal.aborted) return;
    retry = timers.setTimeout(() => {
      retry = undefined;
      run();
    }, options.retryMs);
  };

  async function step(): Promise<void> {
    if (signal.aborted || retry !== undefined) return;
    if (helloWanted) {
      let reply: Reply<PageHelloReply> | undefined;
      try {
        reply = await send({ type: 'page/hello', data: pageFields() });
      } catch {
        scheduleRetry();
        return;
      }
      helloWanted = false;
      company ??= readHello(reply) ?? null;
    }
    await flush();
  }

  // While a failed send waits for its retry, new changes join the queue and go with it.
  async function flush(): Promise<void> {
    if (pending() === 0 && pageKey(info) === sentInfo) return;
    const added = [...lists.added.values()];
    const pageTicked = [...lists.pageTicked.values()];
    const gone = [...removed.values()];
    const addedRows = [...rows.added.values()];
    const goneRows = [...rows.removed];
    const pageTickedRows = [...rows.pageTicked.values()];
    const snapshot = snapshotPending;
    const pageInfo = info ?? { seenSelected: 0 };
    lists.added.clear();
    lists.pageTicked.clear();
    removed.clear();
    rows.added.clear();
    rows.pageTicked.clear();
    rows.removed.clear();
    snapshotPending = false;
    const total = Math.max(
      added.length,
      pageTicked.length,
      gone.length,
      addedRows.length,
      goneRows.length,
      pageTickedRows.length,
      1,
    );
    for (let i = 0; i < total; i += MAX_REPORT_ITEMS) {
      const chunk = {
        added: added.slice(i, i + MAX_REPORT_ITEMS),
        pageTicked: pageTicked.slice(i, i + MAX_REPORT_ITEMS),
        removed: gone.slice(i, i + MAX_REPORT_ITEMS),
        ...rowChunk(
          addedRows.slice(i, i + MAX_REPORT_ITEMS),
          goneRows.slice(i, i + MAX_REPORT_ITEMS),
          pageTickedRows.slice(i, i + MAX_REPORT_ITEMS),
        ),
      };
      let reply: Reply<SelectionReportReply> | undefined;
      try {
        reply = await send({
          type: 'selection/report',
          data: { ...pageFields(), pageCompany: company, replace: false, snapshot, ...chunk, page: pageInfo },
        });
      } catch {
        // Background unreachable: queue what was not sent (unless a newer change replaced it) and retry.
        for (const item of added.slice(i)) if (!has(keyOf(item))) lists.added.set(keyOf(item), item);
        for (const item of pageTicked.slice(i)) if (!has(keyOf(item))) lists.pageTicked.set(keyOf(item), item);
        for (const item of gone.slice(i)) if (!has(keyOf(item))) removed.set(keyOf(item), item);
        for (const row of addedRows.slice(i)) if (!has(row.rowKey)) rows.added.set(row.rowKey, row);
        for (const row of pageTickedRows.slice(i)) if (!has(row.rowKey)) rows.pageTicked.set(row.rowKey, row);
        for (const key of goneRows.slice(i)) if (!has(key)) rows.removed.add(key);
        snapshotPending ||= snapshot;
        scheduleRetry();
        return;
      }
      sentInfo = pageKey(pageInfo);
      const outcome = readReport(reply);
      if (outcome === 'refused') continue;
      const sent = new Map([...chunk.added, ...chunk.pageTicked].map((item) => [keyOf(item), item.tickedAt]));
      for (const row of [...(chunk.addedRows ?? []), ...(chunk.pageTickedRows ?? [])])
        sent.set(row.rowKey, row.tickedAt);
      for (const key of outcome) {
        const tickedAt = sent.get(key);
        if (tickedAt !== undefined) options.onRefused(key, tickedAt);
      }
    }
  }

  return {
    setPage(url, host) {
      page = { url, host };
    },
    hello() {
      if (company !== null || helloWanted) return;
      helloWanted = true;
      run();
    },
    company: () => company,
    push(changes, snapshot, pageInfo) {
      for (const item of changes.added) {
        const key = keyOf(item);
        lists.pageTicked.delete(key);
        removed.delete(key);
        lists.added.set(key, item);
      }
      for (const item of changes.pageTicked) {
        const key = keyOf(item);
        lists.added.delete(key);
        removed.delete(key);
        lists.pageTicked.set(key, item);
      }
      for (const item of changes.removed) {
        const key = keyOf(item);
        lists.added.delete(key);
        lists.pageTicked.delete(key);
        removed.set(key, item);
      }
      for (const row of changes.addedRows ?? []) {
        rows.removed.delete(row.rowKey);
        rows.pageTicked.delete(row.rowKey);
        rows.added.set(row.rowKey, row);
      }
      for (const row of changes.pageTickedRows ?? []) {
        rows.removed.delete(row.rowKey);
        rows.added.delete(row.rowKey);
        rows.pageTicked.set(row.rowKey, row);
      }
      for (const key of changes.removedRows ?? []) {
        rows.added.delete(key);
        rows.pageTicked.delete(key);
        rows.removed.add(key);
      }
      const items =
        changes.added.length +
        changes.pageTicked.length +
        changes.removed.length +
        (changes.addedRows?.length ?? 0) +
        (changes.removedRows?.length ?? 0) +
        (changes.pageTickedRows?.length ?? 0);
      if (snapshot && items > 0) snapshotPending = true;
      info = pageInfo;
      if (items > 0 || pageKey(info) !== sentInfo) run();
    },
    idle: () => chain,
  };
}
