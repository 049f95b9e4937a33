import { useSignal } from '@preact/signals';
import type { SelectionRow } from '../lib/messaging/views';
import { formatCount, formatTime, plural, rowIdentity } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';
import { PLAN_GROUPS, type PlanGroup, planGroupLabel, STATUS_DISPLAY_ORDER } from '../lib/popup/plan';
import { moneyTotals, plainReason } from '../lib/popup/words';
import { attachmentsCountText } from '../lib/popup/words/attachments';
import { FULL_ROW_HEIGHT, SelectionList } from './SelectionList';
import { SelectionSummary } from './SelectionSummary';

type Filter = 'all' | PlanGroup;
type Sort = 'group' | 'date' | 'number' | 'amount' | 'status';

const SORT_LABEL: Record<Sort, string> = {
  group: 'What will happen',
  date: 'Date',
  number: 'Number',
  amount: 'Amount',
  status: 'Status',
};

/** The full view's column headers; a header with a sort key sorts by it. */
const HEADERS: readonly (readonly [string, Sort | undefined])[] = [
  ['Type', undefined],
  ['Number', 'number'],
  ['Name', undefined],
  ['Date', 'date'],
  ['Amount', 'amount'],
  ['Status', 'status'],
  ['Why', undefined],
  ['', undefined],
  ['', undefined],
];

function sortRows(rows: SelectionRow[], sort: Sort): SelectionRow[] {
  if (sort === 'group') return rows;
  const statusRank = (r: SelectionRow) => STATUS_DISPLAY_ORDER.indexOf(r.status ?? 'unchecked');
  const by: Record<Exclude<Sort, 'group'>, (a: SelectionRow, b: SelectionRow) => number> = {
    date: (a, b) => (a.txnDate ?? '').localeCompare(b.txnDate ?? ''),
    number: (a, b) => byNumber(rowIdentity(a), rowIdentity(b)),
    amount: (a, b) => (a.amount ?? 0) - (b.amount ?? 0),
    status: (a, b) => statusRank(a) - statusRank(b),
  };
  return [...rows].sort(by[sort]);
}

/** By number as a person reads it (1040 before 10400), then by type. */
function byNumber(a: { number: string; type: string }, b: { number: string; type: string }): number {
  const options = { numeric: true, sensitivity: 'base' } as const;
  return a.number.localeCompare(b.number, undefined, options) || a.type.localeCompare(b.type, undefined, options);
}

function matches(row: SelectionRow, query: string): boolean {
  if (!query) return true;
  const id = rowIdentity(row);
  const text = [id.name, id.party, id.date, id.amount, plainReason(row)].join(' ').toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .every((word) => text.includes(word));
}

/**
 * What was ticked in QuickBooks and what the click will do with it: counts per status, a filter by
 * what will happen (Will delete / Needs a decision / Left alone, each with its count and total),
 * the rows, and ways to change the selection. The full view adds search and sort.
 */
export function SelectionPanel({ model, full = false }: { model: PopupModel; full?: boolean }) {
  const rows = model.selection.value;
  const preflight = model.state.value?.preflight;
  const environment = model.connection.value?.environment ?? 'production';
  const plan = model.plan.value;
  const filter = useSignal<Filter>('all');
  const query = useSignal('');
  const sort = useSignal<Sort>('group');
  const groupRows = filter.value === 'all' ? plan.ordered : plan.groups[filter.value].rows;
  const search = query.value.trim();
  // No search (the popup has none): the group's rows as they are, not a copy of tens of thousands.
  const shown = sortRows(search ? groupRows.filter((r) => matches(r, search)) : groupRows, sort.value);
  const removing = model.pending.value === 'selection/remove';
  return (
    <section aria-labelledby="selection-heading">
      {/* The check's time beside the heading, not in it: the heading's name stays "Selection (N transactions)". */}
      <div class="heading-line">
        <h2 id="selection-heading" tabIndex={-1}>
          Selection {rows.length > 0 && <span class="muted">({plural(rows.length, 'transaction')})</span>}
        </h2>
        {rows.length > 0 && (
          <span class="checked-at">
            {preflight?.running
              ? 'Checking each transaction…'
              : !model.connected.value && rows.some((r) => r.status === undefined)
                ? 'Waiting for a connection to check them.'
                : preflight
                  ? `Checked at ${formatTime(preflight.at)}.`
                  : 'Not checked yet.'}
          </span>
        )}
      </div>
      {rows.length === 0 ? (
        <p class="hint">Nothing selected yet. Tick transactions in a QuickBooks list, then open Safe Delete again.</p>
      ) : (
        <>
          <SelectionSummary statusCounts={model.statusCounts.value} />
          {attachmentsCountText(rows) && <p class="hint attachments-count">{attachmentsCountText(rows)}</p>}
          <fieldset class="filter">
            <legend class="sr-only">Show</legend>
            <label class={filter.value === 'all' ? 'filter-option on' : 'filter-option'}>
              <input
                type="radio"
                name="selection-filter"
                checked={filter.value === 'all'}
                onChange={() => (filter.value = 'all')}
              />
              All <span class="count">{formatCount(rows.length)}</span>
            </label>
            {PLAN_GROUPS.map((g) => {
              const group = plan.groups[g];
              return (
                <label key={g} class={`filter-option group-${g}${filter.value === g ? ' on' : ''}`}>
                  <input
                    type="radio"
                    name="selection-filter"
                    checked={filter.value === g}
                    onChange={() => (filter.value = g)}
                  />
                  {planGroupLabel(g, model.voidInstead.value)}{' '}
                  <span class="count">{formatCount(group.rows.length)}</span>
                  {group.totals.size > 0 && <span class="total"> {moneyTotals(group.totals)}</span>}
                </label>
              );
            })}
          </fieldset>
          {full && (
            <div class="table-tools">
              <label>
                Search the selection{' '}
                <input type="search" value={query.value} onInput={(e) => (query.value = e.currentTarget.value)} />
              </label>
              <label>
                Sort by{' '}
                <select value={sort.value} onChange={(e) => (sort.value = e.currentTarget.value as Sort)}>
                  {(Object.keys(SORT_LABEL) as Sort[]).map((s) => (
                    <option key={s} value={s}>
                      {SORT_LABEL[s]}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          )}
          {full && shown.length > 0 && (
            <div class="row-head">
              {HEADERS.map(([label, key]) =>
                key ? (
                  <button
                    key={label}
                    type="button"
                    class={key === 'amount' ? 'num' : undefined}
                    aria-label={`Sort by ${label}`}
                    aria-pressed={sort.value === key}
                    onClick={() => (sort.value = key)}
                  >
                    {label}
                  </button>
                ) : (
                  <span key={label}>{label}</span>
                ),
              )}
            </div>
          )}
          {shown.length === 0 ? (
            <p class="hint">{query.value ? 'No transaction matches the search.' : 'None in this group.'}</p>
          ) : (
            <SelectionList
              key={filter.value}
              rows={shown}
              environment={environment}
              viewport={full ? FULL_ROW_HEIGHT * 10 : undefined}
              rowHeight={full ? FULL_ROW_HEIGHT : undefined}
              onRemove={(key) => void model.removeRow(key)}
              voidInstead={model.voidInstead.value}
              connected={model.connected.value}
            />
          )}
          {filter.value !== 'all' && groupRows.length > 0 && (
            <div class="actions">
              <button
                type="button"
                disabled={removing}
                onClick={async () => {
                  document.getElementById('selection-heading')?.focus();
                  await model.removeRows(groupRows.map((r) => r.key));
                }}
              >
                Remove these from the selection
              </button>
            </div>
          )}
        </>
      )}
      <div class="actions">
        <button
          type="button"
          disabled={rows.length === 0 || preflight?.running}
          onClick={() => void model.checkAgain()}
        >
          Check again
        </button>
        <button type="button" disabled={rows.length === 0} onClick={() => void model.clearSelection()}>
          Clear selection
        </button>
      </div>
    </section>
  );
}
