import { useSignal } from '@preact/signals';
import { type Entity, isEntity } from '../../lib/domain/entities';
import { parseRecordKey } from '../../lib/domain/record-key';
import type { FindModel } from '../../lib/popup/find-model';
import { formatCount, plural } from '../../lib/popup/format';
import { DuplicateGroup, DuplicatesHead, proposedKeys } from './DuplicateGroup';
import { AddedNotice, FindProblems, TypesField } from './TypesField';

/**
 * "Find likely duplicates": a date range, types and the days window; each group
 * side by side with the one kept and why; only proposed members have a box, unticked; "Add to
 * selection" adds exactly the ticked ones.
 */
export function DuplicatesTool({ id, find }: { id: string; find: FindModel }) {
  const from = useSignal('');
  const to = useSignal('');
  const types = useSignal<Entity[]>([]);
  const windowDays = useSignal('3');
  // Ticks by "Entity:Id", for the groups they were ticked in: a new scan starts with none.
  const ticks = useSignal<{ of: unknown; keys: ReadonlySet<string> }>({ of: undefined, keys: new Set() });
  const view = find.duplicates.value;
  const ticked = ticks.value.of === view ? ticks.value.keys : new Set<string>();
  const proposed = view.kind === 'groups' ? proposedKeys(view.groups) : [];
  const allTicked = proposed.every((k) => ticked.has(k));
  const toggle = (key: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(key);
    else next.delete(key);
    ticks.value = { of: view, keys: next };
  };
  return (
    <section id={id} class="find-tool-panel" aria-label="Find likely duplicates">
      <form
        class="find-form"
        onSubmit={(e) => {
          e.preventDefault();
          const days = windowDays.value.trim() === '' ? Number.NaN : Number(windowDays.value);
          void find.runDuplicates({ from: from.value, to: to.value, types: types.value, windowDays: days });
        }}
      >
        <TypesField prefix="find-d" value={types.value} onChange={(t) => (types.value = t)} />
        <div class="find-fields">
          <span class="find-field">
            <label for="find-d-from">Date from</label>
            <input
              id="find-d-from"
              type="date"
              value={from.value}
              onInput={(e) => (from.value = e.currentTarget.value)}
            />
          </span>
          <span class="find-field">
            <label for="find-d-to">Date to</label>
            <input id="find-d-to" type="date" value={to.value} onInput={(e) => (to.value = e.currentTarget.value)} />
          </span>
          <span class="find-field">
            <label for="find-d-days">Days apart (at most)</label>
            <input
              id="find-d-days"
              type="number"
              min={0}
              max={31}
              step={1}
              value={windowDays.value}
              onInput={(e) => (windowDays.value = e.currentTarget.value)}
            />
          </span>
        </div>
        <button type="submit" class="primary" disabled={view.kind === 'busy'}>
          Find duplicates
        </button>
      </form>
      {view.kind === 'busy' && <p role="status">Looking for duplicates…</p>}
      {view.kind === 'invalid' && <FindProblems problems={view.problems} />}
      {view.kind === 'error' && <FindProblems problems={[view.message]} />}
      {view.kind === 'groups' && (
        <>
          <p class="find-total">
            {`${plural(view.groups.length, 'group')} of likely duplicates among ${plural(view.scanned, 'transaction')}`}
          </p>
          {view.groups.length === 0 && <p>Try a longer date range, more types, or more days apart.</p>}
          {proposed.length > 0 && (
            <div class="find-bulk">
              <button
                type="button"
                disabled={allTicked}
                onClick={() => (ticks.value = { of: view, keys: new Set([...ticked, ...proposed]) })}
              >
                Select all proposed
              </button>
            </div>
          )}
          {view.groups.length > 0 && (
            <table class="find-dup-table" aria-label="Likely duplicates">
              <DuplicatesHead />
              {view.groups.map((g, i) => (
                <DuplicateGroup key={i} group={g} index={i} ticked={ticked} onToggle={toggle} />
              ))}
            </table>
          )}
          {proposed.length > 0 && (
            <div class="find-actions">
              <span class="find-ticked">{ticked.size > 0 ? `${formatCount(ticked.size)} ticked` : ''}</span>
              <button
                type="button"
                disabled={ticked.size === 0}
                onClick={() =>
                  void find.addDuplicates(
                    [...ticked].flatMap((k) => {
                      const ref = parseRecordKey(k);
                      return ref && isEntity(ref.entity) ? [{ entity: ref.entity, id: ref.id }] : [];
                    }),
                  )
                }
              >
                Add to selection
              </button>
            </div>
          )}
        </>
      )}
      <AddedNotice notice={find.duplicatesNotice.value} />
    </section>
  );
}
