import type { ElsewhereView } from '../lib/messaging/views';
import { companyText } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';

/** "12 selected and a deletion running" for one other client. */
function inHand(c: ElsewhereView): string {
  const parts: string[] = [];
  if (c.selected > 0) parts.push(`${c.selected.toLocaleString()} selected`);
  if (c.jobActive) parts.push('a deletion in progress');
  return parts.join(' and ');
}

/**
 * The view shows the client in view; what another client has in hand is named here, at the top,
 * with both names. Nothing here acts on the other client: the person opens it.
 */
export function ElsewhereNotice({ model }: { model: PopupModel }) {
  const others = model.elsewhere.value;
  if (others.length === 0) return null;
  const c = model.connection.value;
  // The company in this window by its name: the connected one's, else the page's; never a bare Id.
  const here =
    c?.companyName ??
    c?.pageCompanyName ??
    (c?.realmId ? companyText(c) : undefined) ??
    'the company open in QuickBooks';
  return (
    <section class="elsewhere" aria-label="Other clients">
      {others.map((o) => {
        const name = o.companyName ?? `Company ${o.realmId}`;
        return (
          <p key={`${o.environment}.${o.realmId}`} title={companyText(o)}>
            {name} has {inHand(o)}; this window shows {here}.
          </p>
        );
      })}
    </section>
  );
}
