import type { ElsewhereView } from '../lib/messaging/views';
import { companyText, plural } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';

/** "12 selected and a deletion running" for one other client. */
function inHand(c: ElsewhereView): string {
  const parts: string[] = [];
  if (c.selected > 0) parts.push(`${plural(c.selected, 'transaction')} selected`);
  if (c.jobActive) parts.push('a deletion in progress');
  return parts.join(' and ');
}

/**
 * The view shows the client in view; what another client has in hand is named here, at the top,
 * with both names (issue 21 §2). Nothing here acts on the other client: the person opens it.
 */
export function ElsewhereNotice({ model }: { model: PopupModel }) {
  const others = model.elsewhere.value;
  if (others.length === 0) return null;
  const c = model.connection.value;
  const here = c ? (companyText(c) ?? 'this company') : 'this company';
  return (
    <section class="elsewhere" aria-label="Other clients">
      {others.map((o) => {
        const name = companyText(o) ?? `Company ${o.realmId}`;
        return (
          <p key={`${o.environment}.${o.realmId}`}>
            {name} has {inHand(o)}. This window shows {here}; open {o.companyName ?? name} in QuickBooks to see them.
          </p>
        );
      })}
    </section>
  );
}
