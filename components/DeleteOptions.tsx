import { hasInventoryFinding } from '../lib/domain/findings';
import { DELETE, VOID } from '../lib/domain/operations';
import { plural, rowIdentity } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';
import { linkedText } from '../lib/popup/words';

/** Fixed ids: the deck's button is described by the warnings shown here (one panel per page). */
export const OPTION_IDS = {
  reconciledWarning: 'option-reconciled-warning',
  linkedWarning: 'option-linked-warning',
  inventoryWarning: 'option-inventory-warning',
} as const;

/**
 * The opt-ins, out of the trigger's way: each says what it adds to the click, and the
 * deck below repeats what is included. Off by default; nothing here deletes anything. Each tick is
 * the client's selection's (kept by the background), so every view and the reopened popup show it.
 */
export function DeleteOptions({ model }: { model: PopupModel }) {
  const reconciled = model.reconciledCount.value;
  const linked = model.linkedCount.value;
  const includeReconciled = model.includeReconciled.value;
  const includeLinked = model.includeLinked.value;
  // Rows that move inventory, whatever their chip (a linked one may too): each needs this opt-in.
  const inventory = model.selection.value.filter((r) => hasInventoryFinding(r.warnings)).length;
  const includeInventory = model.includeInventory.value;
  const voidInstead = model.voidInstead.value;
  const cannotVoid = voidInstead ? (model.statusCounts.value.cannotVoid ?? 0) : 0;
  const c = model.connection.value;
  // Not connected: the one step is connecting; options come with something to act on.
  if (model.selection.value.length === 0 || !c?.realmId || !c.hasToken) return null;
  const plan = model.plan.value;
  const reconciledWarning = includeReconciled && reconciled > 0;
  const linkedWarning = includeLinked && linked > 0;
  const inventoryWarning = includeInventory && inventory > 0;
  // Only the linked warning names rows: a 50,000-row selection pays for these lists only when shown.
  const linkedRows = linkedWarning ? plan.groups.willDelete.rows.filter((r) => r.status === 'linked') : [];
  const deleting = linkedWarning ? new Set(plan.groups.willDelete.rows.map((r) => r.key)) : undefined;
  const verb = voidInstead ? 'voided' : 'deleted';
  return (
    <section class="options" aria-labelledby="options-heading">
      <h2 id="options-heading">Options</h2>
      <div class="check">
        <input
          id="option-reconciled"
          type="checkbox"
          checked={includeReconciled}
          aria-describedby={reconciledWarning ? OPTION_IDS.reconciledWarning : 'option-reconciled-hint'}
          onChange={(e) => void model.choose({ includeReconciled: e.currentTarget.checked })}
        />
        <label for="option-reconciled">Include reconciled transactions</label>
        {!reconciledWarning && (
          <p id="option-reconciled-hint" class="hint">
            {reconciled > 0
              ? `Adds ${plural(reconciled, 'reconciled transaction')} to the click.`
              : 'No selected transaction is reconciled.'}
          </p>
        )}
      </div>
      {reconciledWarning && (
        <p id={OPTION_IDS.reconciledWarning} class="warning">
          {plural(reconciled, 'reconciled transaction')} will be {verb}. {voidInstead ? 'Voiding' : 'Deleting'} them
          changes reconciled balances.
        </p>
      )}
      <div class="check">
        <input
          id="option-linked"
          type="checkbox"
          checked={includeLinked}
          aria-describedby={linkedWarning ? OPTION_IDS.linkedWarning : linked > 0 ? 'option-linked-hint' : undefined}
          onChange={(e) => void model.choose({ includeLinked: e.currentTarget.checked })}
        />
        <label for="option-linked">Include linked transactions</label>
        {!includeLinked && linked > 0 && (
          <p id="option-linked-hint" class="hint">
            {plural(linked, 'linked transaction')} left alone: deleting one changes the payments or credits linked to
            it.
          </p>
        )}
      </div>
      {linkedWarning && (
        <div id={OPTION_IDS.linkedWarning} class="warning">
          <p>
            {plural(linked, 'linked transaction')} will be {verb}. {voidInstead ? 'Voiding' : 'Deleting'} them changes
            the transactions linked to them:
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
      <div class="check">
        <input
          id="option-inventory"
          type="checkbox"
          checked={includeInventory}
          aria-describedby={
            inventoryWarning ? OPTION_IDS.inventoryWarning : inventory > 0 ? 'option-inventory-hint' : undefined
          }
          onChange={(e) => void model.choose({ includeInventory: e.currentTarget.checked })}
        />
        <label for="option-inventory">Include inventory transactions</label>
        {!includeInventory && inventory > 0 && (
          <p id="option-inventory-hint" class="hint">
            {plural(inventory, 'inventory transaction')} left alone: deleting one changes the cost of the items sold
            after it.
          </p>
        )}
      </div>
      {inventoryWarning && (
        <p id={OPTION_IDS.inventoryWarning} class="warning">
          {plural(inventory, 'inventory transaction')} will be {verb}. QuickBooks values inventory first in, first out:{' '}
          {voidInstead ? 'voiding' : 'deleting'} them changes the cost of every later sale of those items.
        </p>
      )}
      <div class="check">
        <input
          id="option-void"
          type="checkbox"
          checked={voidInstead}
          aria-describedby="option-void-hint"
          onChange={(e) => void model.choose({ operation: e.currentTarget.checked ? VOID.kind : DELETE.kind })}
        />
        <label for="option-void">Void instead of delete</label>
        <p id="option-void-hint" class="hint">
          {voidInstead
            ? `Voided transactions stay in QuickBooks at amount 0, marked Voided.${cannotVoid > 0 ? ` ${plural(cannotVoid, 'transaction')} cannot be voided and will be left alone.` : ''}`
            : 'Invoices, payments, sales receipts and bill payments can be voided instead: they stay, at amount 0.'}
        </p>
      </div>
    </section>
  );
}
