/**
 * Page-side entry of the find tools' screens (./find-run.ts): the real full view on a fake
 * background that answers the find messages with realistic records (tool states need clicks, so
 * the run script opens each tool and fills it in).
 */
import { render } from 'preact';
import { App } from '../../components/App';
import type { DuplicatesReply, FoundRecord, ResolveReply } from '../../lib/domain/find';
import type { PageMessage } from '../../lib/messaging/protocol';
import type { PopupState } from '../../lib/messaging/views';
import { createPopupModel, type PopupApi } from '../../lib/popup/model';

const g = globalThis as unknown as { __screenState: PopupState; __screenReady?: boolean };
const NAMES = ['Cool Cars', 'Maple Street Bakery & Café Holdings LLC', 'Amy’s Bird Sanctuary', 'Bill’s Windsurf Shop'];
const rec = (i: number): FoundRecord => ({
  entity: i % 3 === 0 ? 'Invoice' : i % 3 === 1 ? 'Purchase' : 'Bill',
  id: String(100 + i),
  date: `2024-11-0${(i % 9) + 1}`,
  number: String(1040 + i),
  name: NAMES[i % NAMES.length],
  amount: 1887.59 + i * 13.1,
  currency: 'USD',
  memo: 'Imported from the bank CSV, November',
  createdAt: new Date(Date.UTC(2024, 10, 3, 14, i % 5)).toISOString(),
});
const results = Array.from({ length: 2400 }, (_, i) => rec(i));
const resolve = (m: PageMessage): ResolveReply => ({
  readAt: Date.now(),
  lines:
    m.type === 'find/resolve'
      ? m.lines.map((l, i) =>
          i % 4 === 1
            ? {
                rowKey: l.rowKey,
                kind: 'several',
                candidates: [
                  { ...rec(i), updatedAt: rec(i).createdAt },
                  {
                    ...rec(i),
                    id: String(900 + i),
                    createdAt: new Date(Date.parse(rec(i).createdAt ?? '') + 37_000).toISOString(),
                    updatedAt: new Date(Date.UTC(2024, 10, 5, 9, 14, 3)).toISOString(),
                  },
                ],
              }
            : i % 4 === 3
              ? { rowKey: l.rowKey, kind: 'none', candidates: [] }
              : { rowKey: l.rowKey, kind: 'match', candidates: [rec(i)] },
        )
      : [],
});
const member = (i: number, role: 'kept' | 'protected' | 'proposed', protections: string[] = []) => ({
  ...rec(i),
  role,
  protections,
  ...(i % 2
    ? { source: 'bankFeed: TxnSource: BankFeed · Chase Business Checking ****4411' }
    : { source: 'import: Imported from Bank CSV November 2024 (Transaction Pro batch 14)' }),
});
const duplicates: DuplicatesReply = {
  scanned: 3120,
  readAt: Date.now(),
  groups: Array.from({ length: 6 }, (_, i) => ({
    entity: 'Purchase' as const,
    keptBecause: i % 2 ? 'reconciled' : 'earliestCreated',
    members: [
      member(i * 3, 'kept'),
      member(i * 3 + 1, 'proposed'),
      member(i * 3 + 2, i % 3 ? 'proposed' : 'protected', ['linked']),
    ],
  })),
};
const api: PopupApi = {
  send: (async (m: PageMessage) => {
    if (m.type === 'find/names') return { ok: true, data: { names: NAMES } };
    if (m.type === 'find/search') {
      // A name nobody has: the "nothing found" screen.
      const found = m.query.name === 'Nobody' ? [] : results;
      return { ok: true, data: { kind: 'ok', results: found, total: found.length, readAt: Date.now() } };
    }
    if (m.type === 'find/resolve') return { ok: true, data: resolve(m) };
    if (m.type === 'find/duplicates') return { ok: true, data: duplicates };
    return { ok: true, data: g.__screenState };
  }) as PopupApi['send'],
};
const model = createPopupModel(api);
document.documentElement.classList.add('full-view');
void model.tick().then(() => {
  render(<App model={model} full />, document.getElementById('app') as HTMLElement);
  g.__screenReady = true;
});
