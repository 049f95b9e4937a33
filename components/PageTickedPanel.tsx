import { useSignal } from '@preact/signals';
import { ENTITY_LABEL } from '../lib/domain/entities';
import type { PageTickedRowView } from '../lib/messaging/views';
import { pageText, rowIdentity, shownDate } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';

/** More than this many rows are summarised ("and 120 more"); the button still adds them all. */
const SHOWN = 50;

/**
 * A record by its type and number; a row known by what it shows (key `row:…`) by what it showed: its
 * type (else the one its page lists, when only one), number, name, date and amount. A row with no
 * type shown is named by what it did show, never by a type made up for it.
 */
function identity(row: PageTickedRowView): { name: string; parts: (string | undefined)[] } {
  if (!row.key.startsWith('row:') && row.entity !== undefined) {
    const id = rowIdentity({ ...row, entity: row.entity });
    return { name: id.name, parts: [id.date, id.amount] };
  }
  const shown = row.shown ?? {};
  const type = pageText(shown.type) ?? (row.entity === undefined ? undefined : ENTITY_LABEL[row.entity]);
  const parts = [pageText(shown.name), shownDate(shown.date), pageText(shown.amount)];
  const name = [type, pageText(shown.number)].filter(Boolean).join(' ');
  if (name) return { name, parts };
  // Neither a type nor a number: the first thing the row showed names it.
  const [first, ...rest] = parts.filter(Boolean);
  return { name: first ?? '', parts: rest };
}

/**
 * Rows ticked on a page without the person's gesture (page script, or already ticked when the page
 * loaded). Never checked, never deleted, not counted anywhere else, until the person adds them: all
 * of them, or one by one with a tick per row.
 */
export function PageTickedPanel({ model }: { model: PopupModel }) {
  const chosen = useSignal<ReadonlySet<string>>(new Set());
  const rows = model.state.value?.pageTicked ?? [];
  if (rows.length === 0) return null;
  const adding = model.pending.value === 'selection/adopt';
  const picked = rows.filter((r) => chosen.value.has(r.key)).map((r) => r.key);
  const toggle = (key: string, on: boolean) => {
    const next = new Set(chosen.value);
    if (on) next.add(key);
    else next.delete(key);
    chosen.value = next;
  };
  return (
    <section aria-labelledby="page-ticked-heading" class="page-ticked" id="page-ticked">
      <h2 id="page-ticked-heading" tabIndex={-1}>
        Ticked by the page, not by you
      </h2>
      <p class="hint">
        These were ticked on a QuickBooks page without a click of yours (by a script, or already ticked when the page
        opened). They are not in the selection and will not be deleted unless you add them.
      </p>
      <ul class="plain-list page-ticked-rows">
        {rows.slice(0, SHOWN).map((row) => {
          const id = identity(row);
          return (
            <li key={row.key}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen.value.has(row.key)}
                  onChange={(e) => toggle(row.key, e.currentTarget.checked)}
                />
                <span class="row-name">{id.name}</span>
                {id.parts.filter(Boolean).map((part) => ` · ${part}`)}
              </label>
            </li>
          );
        })}
      </ul>
      {rows.length > SHOWN && <p class="hint">and {rows.length - SHOWN} more.</p>}
      <div class="actions">
        <button
          type="button"
          disabled={adding || picked.length === 0}
          onClick={async () => {
            await model.adoptPageTicked(picked);
            chosen.value = new Set();
          }}
        >
          Add the ticked ones ({picked.length})
        </button>
        <button type="button" disabled={adding} onClick={() => void model.adoptPageTicked(rows.map((r) => r.key))}>
          Add these to the selection
        </button>
      </div>
    </section>
  );
}
