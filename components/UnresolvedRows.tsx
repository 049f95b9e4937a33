import { ENTITY_LABEL } from '../lib/domain/entities';
import { recordKey } from '../lib/domain/record-key';
import type { CandidateView, UnresolvedRow } from '../lib/messaging/views';
import { formatDate, formatDateTime, formatMoney, pageText, shownDate, txnUrl } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';
import { WAITING_LABEL } from '../lib/popup/plan';

/**
 * Ticked rows whose page showed no transaction Id (registers, the Invoices list, the bank feed's
 * Posted tab) and that Safe Delete could not tie to exactly one record: being identified,
 * not found in QuickBooks, or several records agree with everything the row shows, or the page showed
 * it among identical rows ("Can't tell which transaction"). None of them is in the selection or can be deleted; for the last kind the person
 * picks the one they mean, which then goes through the same check as any ticked record.
 */
export function UnresolvedRows({ model }: { model: PopupModel }) {
  const rows = model.state.value?.unresolved ?? [];
  if (rows.length === 0) return null;
  const busy = model.pending.value !== undefined;
  const environment = model.state.value?.connection.environment ?? 'production';
  // Without a connection nothing can identify a row: it waits, it does not spin.
  const waiting = (row: UnresolvedRow) => row.status === 'identifying' && !model.connected.value;
  // Said once for the rows that wait, not under each of them (50 rows would push Connect out of view).
  const anyWaiting = rows.some(waiting);
  return (
    <section class="unresolved" aria-labelledby="unresolved-heading">
      <h2 id="unresolved-heading">Rows not tied to one transaction ({rows.length})</h2>
      <p class="hint">
        Not in the selection: nothing is deleted for these rows until each names one transaction.
        {anyWaiting && ` ${WAITING_TEXT}`}
      </p>
      <ul class="plain-list">
        {rows.map((row) => (
          <li key={row.rowKey} class={`unresolved-row unresolved-${row.status}`}>
            <p>
              <strong class="status-text">{waiting(row) ? WAITING_LABEL : STATUS_TEXT[row.status]}</strong>{' '}
              <span>{shownText(row)}</span>
            </p>
            {!waiting(row) && <p class="hint">{explain(row)}</p>}
            {row.status === 'ambiguous' && (
              <ul class="plain-list candidates" aria-label="The transactions that match">
                {row.candidates.map((c) => {
                  const text = candidateLabel(c, row.candidates);
                  return (
                    <li key={recordKey(c.entity, c.id)}>
                      <span>{text}</span>{' '}
                      <a href={txnUrl(environment, c.entity, c.id)} target="_blank" rel="noreferrer">
                        Open in QuickBooks
                      </a>{' '}
                      <button
                        type="button"
                        disabled={busy}
                        aria-label={`Pick ${text}`}
                        onClick={() => void model.pickCandidate(row.rowKey, c.entity, c.id)}
                      >
                        Pick this one
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
            {row.status !== 'identifying' && (
              <button
                type="button"
                class="link-button"
                disabled={busy}
                aria-label={`Remove the row ${shownText(row)}`}
                onClick={() => void model.removeRow(row.rowKey)}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

const WAITING_TEXT =
  'Once you connect to QuickBooks, Safe Delete finds, for each row that waits, the one transaction it has with exactly what the row shows.';

const STATUS_TEXT: Record<UnresolvedRow['status'], string> = {
  identifying: 'Identifying…',
  notFound: 'Not found in QuickBooks',
  ambiguous: "Can't tell which transaction",
  unreadable: "Can't read this row",
};

/** What the page showed for the row, as it showed it. */
function shownText(row: UnresolvedRow): string {
  const s = row.shown;
  const number = pageText(s.number);
  const type = pageText(s.type);
  const head = [type, number ? `no. ${number}` : undefined].filter(Boolean).join(' ');
  return [head, shownDate(s.date), pageText(s.name), pageText(s.amount)].filter(Boolean).join(' · ');
}

function explain(row: UnresolvedRow): string {
  switch (row.status) {
    case 'identifying':
      return 'Finding the one transaction QuickBooks has with exactly what this row shows.';
    case 'notFound':
      return 'No transaction in QuickBooks shows exactly this date, amount, number and name: it may already be deleted or changed. Look at the row on the page again.';
    case 'ambiguous':
      // A row the page showed among identical rows stays the person's pick even when one record is left.
      return row.candidates.length === 1
        ? 'The page showed several rows exactly like this one, and QuickBooks now has only this transaction that shows it: the one you ticked may be gone. Pick it only if it is the one you mean; it is then checked like every other.'
        : `${row.candidates.length} transactions in QuickBooks show exactly what this row shows. Pick the one you mean; it is then checked like every other.`;
    case 'unreadable':
      return 'Safe Delete cannot tell what kind of transaction this row is.';
  }
}

/** A candidate's words; when two read the same, their QuickBooks record numbers tell them apart. */
function candidateLabel(c: CandidateView, all: readonly CandidateView[]): string {
  const text = candidateText(c);
  const same = all.filter((o) => candidateText(o) === text).length > 1;
  return same ? `${text} · record ${c.id}` : text;
}

/** "Invoice 1047 · Cool Cars · Nov 3, 2026 · $120.00 · created Nov 3, 2026, 2:02 PM". */
export function candidateText(c: CandidateView): string {
  const created = c.createdAt !== undefined && Number.isFinite(Date.parse(c.createdAt));
  return [
    c.number ? `${ENTITY_LABEL[c.entity]} ${c.number}` : `${ENTITY_LABEL[c.entity]} (no number)`,
    c.name,
    c.date ? formatDate(c.date) : undefined,
    c.amount !== undefined ? formatMoney(c.amount, c.currency) : undefined,
    c.memo ? `“${c.memo}”` : undefined,
    created ? `created ${formatDateTime(Date.parse(c.createdAt as string))}` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}
