import { useId } from 'preact/hooks';
import { companyText, plural } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';
import { clickText, leftAloneLine, willDeleteParts } from '../lib/popup/plan';
import { OPTION_IDS } from './DeleteOptions';

/**
 * The deck that stays in view at the bottom, kept to a few lines so the records get the height:
 * which client, exactly what the click does ("Will delete 40 · $90,445.40 · …"), what the options
 * add, what is not in this click (whole, on as many lines as it takes), and the one click, which
 * says what it does: "Void 5 invoices ($5,584.91) from Redwood Roofing & Gutters". No confirmation dialog: one click still
 * deletes. When the click is unavailable it stays focusable (aria-disabled) and says why.
 */
export function DeletePanel({ model }: { model: PopupModel }) {
  const id = useId();
  const blocker = model.deleteBlocker.value;
  const reconciled = model.reconciledCount.value;
  const linked = model.linkedCount.value;
  const voidInstead = model.voidInstead.value;
  const starting = model.pending.value === 'job/start';
  const plan = model.plan.value;
  const c = model.connection.value;
  // The client by its name; once the button names it ("… from Redwood Roofing & Gutters"), the
  // line above does not repeat it, and while the name is not known the line gives the Id.
  const named = !!c?.companyName && clickText(plan) !== undefined;
  const company = named ? undefined : (c?.companyName ?? (c ? companyText(c) : undefined));
  const left = leftAloneLine(plan);
  const parts = willDeleteParts(plan);
  const head = parts.slice(0, 2);
  const detail = parts.slice(2);
  const reconciledIn = model.includeReconciled.value && reconciled > 0;
  const linkedIn = model.includeLinked.value && linked > 0;
  const included = [
    reconciledIn && plural(reconciled, 'reconciled transaction'),
    linkedIn && plural(linked, 'linked transaction'),
  ].filter(Boolean);
  const unavailable = !!blocker || starting;
  const label = voidInstead ? 'Verify and void selected' : 'Verify and delete selected';
  const click = clickText(plan, c?.companyName);
  const describedBy = [
    `${id}-summary`,
    blocker && `${id}-why`,
    reconciledIn && OPTION_IDS.reconciledWarning,
    linkedIn && OPTION_IDS.linkedWarning,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <section class="deck" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} class="sr-only">
        {voidInstead ? 'Void' : 'Delete'}
      </h2>
      {/* Two lines: what and how much, for which client; then types, dates, what is left alone. */}
      <div id={`${id}-summary`} class="plan-summary">
        <p class="plan-will" title={parts.join(' · ')}>
          <strong>{head.join(' · ')}</strong>
          {detail.length > 0 && <span class="plan-detail">{` · ${detail.join(' · ')}`}</span>}
        </p>
        {(company || left) && (
          <p class="plan-for" title={[company, left].filter(Boolean).join(' · ')}>
            {company && <span class="plan-company">For {company}</span>}
            {company && left && ' · '}
            {left && <span class="plan-left">{left}</span>}
          </p>
        )}
        {included.length > 0 && <p class="plan-included">Includes {included.join(' and ')}: see Options.</p>}
      </div>
      {blocker && (
        <p id={`${id}-why`} class={model.companyMismatch.value ? 'warning' : 'hint'}>
          {blocker}
        </p>
      )}
      <button
        type="button"
        class="danger"
        aria-disabled={unavailable ? 'true' : undefined}
        aria-describedby={describedBy}
        onClick={() => {
          if (!unavailable) void model.startJob();
        }}
      >
        {/* The click says what it does; its name keeps starting with "Verify and delete selected". */}
        {click ? (
          <>
            <span class="sr-only">{label}: </span>
            {click}
          </>
        ) : (
          label
        )}
      </button>
    </section>
  );
}
