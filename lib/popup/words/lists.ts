/** Lists, counts and totals in words: "a, b and c", "Invoices 51, Payment 1", "$1,200.00 + €50.00". Pure. */
import { ENTITIES, type Entity } from '../../domain/entities';
import { ENTITY_LABEL, formatMoney } from '../format';

/** "a and b", "a, b and c". */
export function listWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** "Invoices 51, Payment 1" in the fixed order of types. */
export function entityCountsText(counts: ReadonlyMap<Entity, number>): string {
  return ENTITIES.filter((e) => counts.has(e))
    .map((e) => {
      const n = counts.get(e) ?? 0;
      return `${n === 1 ? ENTITY_LABEL[e] : pluralLabel(e)} ${n.toLocaleString()}`;
    })
    .join(', ');
}

function pluralLabel(entity: Entity): string {
  const label = ENTITY_LABEL[entity];
  if (label.endsWith('y') && !label.endsWith('ay')) return `${label.slice(0, -1)}ies`;
  if (label.endsWith('s')) return `${label}es`;
  return `${label}s`;
}

/** Totals per currency: "$1,200.00" or "$1,200.00 + €50.00". */
export function moneyTotals(totals: ReadonlyMap<string, number>, locale?: string): string {
  return [...totals].map(([currency, sum]) => formatMoney(sum, currency, locale)).join(' + ');
}

/** The status word for a count line, in lower case ("2 closed period"). */
export function statusPhrase(label: string): string {
  return label.charAt(0).toLowerCase() + label.slice(1);
}
