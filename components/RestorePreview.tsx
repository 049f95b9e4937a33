import { useSignal } from '@preact/signals';
import { useEffect, useId, useRef } from 'preact/hooks';
import type { Entity } from '../lib/domain/entities';
import type { RestorePreviewRecord } from '../lib/messaging/restore-view';
import type { RestorePreview as Preview } from '../lib/messaging/views';
import { describeTxn, formatDate, formatMoney, plural } from '../lib/popup/format';
import { cannotComeBackText, entityCountsText, moneyTotals, restoreRefusalText } from '../lib/popup/words';
import { attachmentsNote } from '../lib/popup/words/attachments';

interface Props {
  preview: Preview;
  /** A restore or a preview is under way: the confirming button waits. */
  busy: boolean;
  /** `includeUnconfirmed`: the person chose to restore the records that may already be back. */
  onConfirm: (allowDuplicateDocNumbers: boolean, includeUnconfirmed: boolean) => void;
  onCancel: () => void;
}

/** "Invoice 1047 · Cool Cars · Jan 10, 2025 · $1,887.59": as the deletion result named it. */
function recordName(r: RestorePreviewRecord): string {
  const parts = [describeTxn(r.entity, r.docNumber, r.id), r.party];
  if (r.txnDate) parts.push(formatDate(r.txnDate));
  if (r.amount !== undefined) parts.push(formatMoney(r.amount, r.currency));
  return parts.filter(Boolean).join(' · ');
}

/** "Invoices 10, Payment 1" from the preview's counts per type. */
function perType(byEntity: Preview['byEntity']): string {
  const counts = new Map<Entity, number>();
  for (const [entity, n] of Object.entries(byEntity) as [Entity, number | undefined][]) if (n) counts.set(entity, n);
  return entityCountsText(counts);
}

/**
 * What "Restore deleted records" will do, before the final click, in a bookkeeper's words: how many
 * records come back (per type) and their total (per currency), which may already be back (an earlier
 * restore QuickBooks did not confirm: sent only when the person ticks "Restore these again anyway",
 * and then the counts and refusals are that plan's), "Allow duplicate numbers", which records come
 * back with their attachments, what never comes back (read before the click), then "Restore N records" or "Cancel", then which cannot (and why). Its
 * heading takes the focus when it appears.
 */
export function RestorePreview({ preview, busy, onConfirm, onCancel }: Props) {
  const allowDuplicates = useSignal(false);
  const restoreUnsure = useSignal(false);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The whole preview in view (a 600 px popup would otherwise show only its first lines).
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  const unsure = preview.unconfirmed;
  const chosen = restoreUnsure.value && unsure !== undefined;
  // With the person's choice, what is said and confirmed is the plan that brings those back too.
  const plan = chosen ? unsure.ifRestored : preview;
  const { willRestore, refused, withDocNumbers, withAttachments = [] } = plan;
  const { cannotComeBack } = preview;
  const types = perType(plan.byEntity);
  const total = moneyTotals(new Map(Object.entries(plan.amounts ?? {})));
  return (
    <section class="restore-preview" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} tabIndex={-1} ref={heading}>
        Before you restore
      </h3>
      {willRestore > 0 ? (
        <p class="plan-will">
          {plural(willRestore, 'record')} will be re-created in QuickBooks as new transactions
          {types ? `: ${types}` : ''}.
        </p>
      ) : (
        <p class="plan-will">Nothing can be restored with these choices.</p>
      )}
      {willRestore > 0 && total && <p class="plan-total">Total {total}</p>}
      {unsure && (
        <div class="restore-unconfirmed">
          <h4 id={`${id}-unsure`}>
            {plural(unsure.records.length, 'record')} may already be back in QuickBooks — check before restoring again
          </h4>
          <p class="hint" id={`${id}-unsure-hint`}>
            An earlier restore sent {unsure.records.length === 1 ? 'it' : 'them'}, but QuickBooks did not confirm the
            new {unsure.records.length === 1 ? 'copy' : 'copies'}. Restoring a record that is back creates it twice.
          </p>
          <ul class="plain-list">
            {unsure.records.map((r) => (
              <li key={r.key}>
                <span class="record-name">{recordName(r)}</span>
              </li>
            ))}
          </ul>
          <div class="check">
            <input
              id={`${id}-unsure-again`}
              type="checkbox"
              checked={restoreUnsure.value}
              aria-describedby={`${id}-unsure-hint`}
              onChange={(e) => (restoreUnsure.value = e.currentTarget.checked)}
            />
            <label for={`${id}-unsure-again`}>Restore these again anyway</label>
          </div>
        </div>
      )}
      {/* The choice and the click right under the summary: the lists below explain, they do not hide it. */}
      {willRestore > 0 && withDocNumbers > 0 && (
        <div class="check">
          <input
            id={`${id}-duplicates`}
            type="checkbox"
            checked={allowDuplicates.value}
            aria-describedby={`${id}-duplicates-hint`}
            onChange={(e) => (allowDuplicates.value = e.currentTarget.checked)}
          />
          <label for={`${id}-duplicates`}>Allow duplicate numbers</label>
          <p class="hint" id={`${id}-duplicates-hint`}>
            {plural(withDocNumbers, 'record')} {withDocNumbers === 1 ? 'keeps its' : 'keep their'} number. Without this,
            QuickBooks refuses to re-create a record whose number another transaction has taken since; it is listed as
            refused.
          </p>
        </div>
      )}
      {withAttachments.length > 0 && (
        <>
          <h4 id={`${id}-attached`}>
            {plural(withAttachments.length, 'record')} come{withAttachments.length === 1 ? 's' : ''} back with
            {withAttachments.length === 1 ? ' its' : ' their'} attachments
          </h4>
          <ul class="plain-list" aria-labelledby={`${id}-attached`}>
            {withAttachments.map((r) => (
              <li key={r.key}>
                <span class="record-name">{recordName(r)}</span>: {attachmentsNote(r)}
              </li>
            ))}
          </ul>
        </>
      )}
      {cannotComeBack.length > 0 && (
        <>
          <h4 id={`${id}-lost`}>What cannot come back</h4>
          {/* Five fixed lines, read in full before the click: never a scroll box. */}
          <ul class="plain-list" aria-labelledby={`${id}-lost`}>
            {cannotComeBack.map((what) => (
              <li key={what}>{cannotComeBackText(what)}</li>
            ))}
          </ul>
        </>
      )}
      <div class="actions">
        {willRestore > 0 && (
          <button
            type="button"
            class="primary"
            disabled={busy}
            onClick={() => onConfirm(allowDuplicates.value, chosen)}
          >
            Restore {plural(willRestore, 'record')}
          </button>
        )}
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {refused.length > 0 && (
        <>
          <h4 id={`${id}-refused`}>{plural(refused.length, 'record')} cannot be restored</h4>
          {/* Every one in full, never in a scroll box of its own. */}
          <ul class="plain-list" aria-labelledby={`${id}-refused`}>
            {refused.map((r) => (
              <li key={r.key}>
                <span class="record-name">{recordName(r)}</span>: {restoreRefusalText(r.why, formatDate)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
