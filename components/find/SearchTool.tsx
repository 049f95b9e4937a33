import { useSignal } from '@preact/signals';
import { EMPTY_SEARCH_FORM, type SearchForm } from '../../lib/popup/find-form';
import type { FindModel } from '../../lib/popup/find-model';
import { formatCount } from '../../lib/popup/format';
import { ResultsTable } from './ResultsTable';
import { AddedNotice, FindProblems, TypesField } from './TypesField';

type TextField = Exclude<keyof SearchForm, 'types'>;

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
}) {
  const { id, label, field, form, set, type = 'text', list, inputMode } = props;
  return (
    <span class="find-field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type={type}
        list={list}
        inputMode={inputMode}
        value={form[field]}
        onInput={(e) => set(field, e.currentTarget.value)}
      />
    </span>
  );
}

/**
 * "Find transactions" (issue 22, item 1): types, dates, name (suggested from the company's lists),
 * amount exact or a range, number, and when the records were created (how a bad import is found).
 * The answer is every match or none (R4); the results table adds the ticked ones or all of them.
 */
export function SearchTool({ id, find }: { id: string; find: FindModel }) {
  const form = useSignal<SearchForm>(EMPTY_SEARCH_FORM);
  const set = (field: TextField, value: string) => (form.value = { ...form.value, [field]: value });
  const f = form.value;
  const view = find.search.value;
  const p = (
    field: TextField,
    label: string,
    more: { type?: 'text' | 'date' | 'datetime-local'; list?: string; inputMode?: 'decimal' } = {},
  ) => <Field id={`find-q-${field}`} label={label} field={field} form={f} set={set} {...more} />;
  return (
    <section id={id} class="find-tool-panel" aria-label="Find transactions">
      <form
        class="find-form"
        onSubmit={(e) => {
          e.preventDefault();
          void find.runSearch(form.value);
        }}
      >
        <TypesField prefix="find-q" value={f.types} onChange={(types) => (form.value = { ...form.value, types })} />
        <div class="find-fields">
          {p('dateFrom', 'Date from', { type: 'date' })}
          {p('dateTo', 'Date to', { type: 'date' })}
          {p('name', 'Name', { list: 'find-names' })}
          {p('number', 'No.')}
          {p('amount', 'Amount (exact)', { inputMode: 'decimal' })}
          {p('amountMin', 'Amount from', { inputMode: 'decimal' })}
          {p('amountMax', 'Amount to', { inputMode: 'decimal' })}
          {p('createdFrom', 'Created from', { type: 'datetime-local' })}
          {p('createdTo', 'Created to', { type: 'datetime-local' })}
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
      {view.kind === 'results' && <ResultsTable results={view.rows} onAdd={(keys) => void find.addFound(keys)} />}
      <AddedNotice notice={find.searchNotice.value} />
    </section>
  );
}
