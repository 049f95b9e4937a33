import { useId } from 'preact/hooks';
import { companyText, plural, rowIdentity } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';
import { leftAloneLine, willDeleteLine } from '../lib/popup/plan';
import { linkedText } from '../lib/popup/words';

/**
 * The footer that stays in view: the opt-ins (reconciled, linked), exactly what the click will do
 * (which company, how many, how much, which types and dates, what is left alone), and the one
 * click. When the click is unavailable it stays focusable (aria-disabled) and says why.
 */
export function DeletePanel({ model }: { model: PopupModel }) {
  const id = useId();
  const blocker = model.deleteBlocker.value;
  const reconciled = model.reconciledCount.value;
  const linked = model.linkedCount.value;
  const includeReconciled = model.includeReconciled.value;
  const includeLinked = model.includeLinked.value;
  const voidInstead = model.voidInstead.value;
  const cannotVoid = voidInstead ? (model.statusCounts.value.cannotVoid ?? 0) : 0;
  const starting = model.pending.value === 'job/start';
  const plan = model.plan.value;
  const c = model.connection.value;
  const company = c ? companyText(c) : undefined;
  const left = leftAloneLine(plan);
  const reconciledWarning = includeReconciled && reconciled > 0;
  const linkedWarning = includeLinked && linked > 0;
  // Only the linked warning names rows: a 50,000-row selection pays for these lists only when shown.
  const linkedRows = linkedWarning ? plan.groups.willDelete.rows.filter((r) => r.status === 'linked') : [];
  const deleting = linkedWarning ? new Set(plan.groups.willDelete.rows.map((r) => r.key)) : undefined;
  const unavailable = !!blocker || starting;
  const describedBy = [
    `${id}-summary`,
    blocker && `${id}-why`,
    reconciledWarning && `${id}-reconciled-warning`,
    linkedWarning && `${id}-linked-warning`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <section class="deck" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} class="sr-only">
        {voidInstead ? 'Void' : 'Delete'}
      </h2>
      <div class="check">
        <input
          id={`${id}-reconciled`}
          type="checkbox"
          checked={includeReconciled}
          aria-describedby={reconciledWarning ? `${id}-reconciled-warning` : undefined}
          onChange={(e) => (model.includeReconciled.value = e.currentTarget.checked)}
        />
        <label for={`${id}-reconciled`}>Include reconciled transactions</label>
      </div>
      {reconciledWarning && (
        <p id={`${id}-reconciled-warning`} class="warning">
          {plural(reconciled, 'reconciled transaction')} will be {voidInstead ? 'voided' : 'deleted'}.{' '}
          {voidInstead ? 'Voiding' : 'Deleting'} them changes reconciled balances.
        </p>
      )}
      <div class="check">
        <input
          id={`${id}-linked`}
          type="checkbox"
          checked={includeLinked}
          aria-describedby={linkedWarning ? `${id}-linked-warning` : linked > 0 ? `${id}-linked-hint` : undefined}
          onChange={(e) => (model.includeLinked.value = e.currentTarget.checked)}
        />
        <label for={`${id}-linked`}>Include linked transactions</label>
        {!includeLinked && linked > 0 && (
          <p id={`${id}-linked-hint`} class="hint">
            {plural(linked, 'linked transaction')} left alone: deleting one changes the payments or credits linked to
            it.
          </p>
        )}
      </div>
      <div class="check">
        <input
          id={`${id}-void`}
          type="checkbox"
          checked={voidInstead}
          aria-describedby={`${id}-void-hint`}
          onChange={(e) => (model.voidInstead.value = e.currentTarget.checked)}
        />
        <label for={`${id}-void`}>Void instead of delete</label>
        <p id={`${id}-void-hint`} class="hint">
          {voidInstead
            ? `Voided transactions stay in QuickBooks at amount 0, marked Voided.${cannotVoid > 0 ? ` ${plural(cannotVoid, 'transaction')} cannot be voided and will be left alone.` : ''}`
            : 'Invoices, payments, sales receipts and bill payments can be voided instead: they stay, at amount 0.'}
        </p>
      </div>
      {linkedWarning && (
        <div id={`${id}-linked-warning`} class="warning">
          <p>
            {plural(linked, 'linked transaction')} will be {voidInstead ? 'voided' : 'deleted'}.{' '}
            {voidInstead ? 'Voiding' : 'Deleting'} them changes the transactions linked to them:
          </p>
          <ul class="plain-list">
            {linkedRows.slice(0, 5).map((r) => (
              <li key={r.key}>
                {rowIdentity(r).name}: {linkedText(r, { deleting })}
              </li>
            ))}
          </ul>
          {linkedRows.length > 5 && <p>and {linkedRows.length - 5} more.</p>}
        </div>
      )}
      <div id={`${id}-summary`} class="plan-summary">
        {company && <p class="plan-company">{company}</p>}
        <p class="plan-will">{willDeleteLine(plan)}</p>
        {left && <p class="plan-left">{left}</p>}
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
        {voidInstead ? 'Verify and void selected' : 'Verify and delete selected'}
      </button>
    </section>
  );
}
