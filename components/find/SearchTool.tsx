import { useSignal } from '@preact/signals';
import { createdToHint, EMPTY_SEARCH_FORM, noResultsAdvice, type SearchForm } from '../../lib/popup/find-form';
import type { FindModel } from '../../lib/popup/find-model';
import { formatCount } from '../../lib/popup/format';
import { ResultsTable } from './ResultsTable';
import { AddedNotice, FindProblems, TypesField } from './TypesField';

type TextField = Exclude<keyof SearchForm, 'types' | 'allTypes'>;

/** One labelled input of the form; `type` is the input's (date, datetime-local, text). */
function Field(props: {
  id: string;
  label: string;
  field: TextField;
  form: SearchForm;
  set: (field: TextField, value: string) => void;
  type?: 'text' | 'date' | 'datetime-local';
  list?: string;
  inputMode?: 'decimal';
  /** A line under the input, read with it (aria-describedby). */
  hint?: string;
}) {
  const { id, label, field, form, set, type = 'text', list, inputMode, hint } = props;
  return (
    <span class="find-field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type={type}
        list={list}
        inputMode={inputMode}
        value={form[field]}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onInput={(e) => set(field, e.currentTarget.value)}
      />
      {hint && (
        <span id={`${id}-hint`} class="find-field-hint">
          {hint}
        </span>
      )}
    </span>
  );
}

/**
 * "Find transactions": types, dates, name (suggested from the company's lists),
 * amount exact or a range, number, and when the records were created (how a bad import is found).
 * The answer is every match or none (R4); the results table adds the ticked ones or all of them.
 */
export function SearchTool({ id, find }: { id: string; find: FindModel }) {
  const form = useSignal<SearchForm>(EMPTY_SEARCH_FORM);
  // The form as it was searched: what to try when it found nothing speaks of those filters.
  const searched = useSignal<SearchForm>(EMPTY_SEARCH_FORM);
  const set = (field: TextField, value: string) => (form.value = { ...form.value, [field]: value });
  const f = form.value;
  const view = find.search.value;
  const p = (
    field: TextField,
    label: string,
    more: { type?: 'text' | 'date' | 'datetime-local'; list?: string; inputMode?: 'decimal'; hint?: string } = {},
  ) => <Field id={`find-q-${field}`} label={label} field={field} form={f} set={set} {...more} />;
  return (
    <section id={id} class="find-tool-panel" aria-label="Find transactions">
      <form
        class="find-form"
        onSubmit={(e) => {
          e.preventDefault();
          searched.value = form.value;
          void find.runSearch(form.value);
        }}
      >
        <TypesField
          prefix="find-q"
          value={f.types}
          all={f.allTypes}
          onChange={(types, allTypes) => (form.value = { ...form.value, types, allTypes })}
        />
        <div class="find-fields">
          {p('dateFrom', 'Date from', { type: 'date' })}
          {p('dateTo', 'Date to', { type: 'date' })}
          {p('name', 'Name', { list: 'find-names' })}
          {p('number', 'No.')}
          {p('amount', 'Amount (exact)', { inputMode: 'decimal' })}
          {p('amountMin', 'Amount from', { inputMode: 'decimal' })}
          {p('amountMax', 'Amount to', { inputMode: 'decimal' })}
          {p('createdFrom', 'Created from', { type: 'datetime-local' })}
          {p('createdTo', 'Created to', { type: 'datetime-local', hint: createdToHint(f.createdTo) })}
        </div>
        <datalist id="find-names">
          {find.names.value.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        <p class="hint">Amounts in dollars, like 1,234.56. Times are this computer's local time.</p>
        <button type="submit" class="primary" disabled={view.kind === 'busy'}>
          Search
        </button>
      </form>
      {view.kind === 'busy' && <p role="status">Searching…</p>}
      {view.kind === 'invalid' && <FindProblems problems={view.problems} />}
      {view.kind === 'error' && <FindProblems problems={[view.message]} />}
      {view.kind === 'tooMany' && (
        <FindProblems problems={[`More than ${formatCount(view.limit)} match: narrow the search.`]} />
      )}
      {view.kind === 'results' && view.rows.length === 0 && <NoResults advice={noResultsAdvice(searched.value)} />}
      {view.kind === 'results' && view.rows.length > 0 && (
        <ResultsTable results={view.rows} onAdd={(keys) => void find.addFound(keys)} />
      )}
      <AddedNotice notice={find.searchNotice.value} />
    </section>
  );
}

/** Nothing found: no empty table, no buttons that cannot act; what to try instead. */
function NoResults({ advice }: { advice: readonly string[] }) {
  return (
    <section class="find-results find-none" aria-label="Results">
      <p class="find-total">0 found: no transaction matches this search.</p>
      <p>Try:</p>
      <ul>
        {advice.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </section>
  );
}
