/**
 * `/app/sales?hostile=1`: valid rows mixed with rows whose links a collector must refuse.
 * The valid rows are the list's ordinary rows, with no link to their own record (as every page here):
 * a reader knows them by what they show. Each hostile row carries one hostile href, written raw into
 * the attribute (HTML-escaped only), the way a page under an attacker's influence could, and shows no
 * date or amount. Expected outcome per hostile row is in `reason`.
 */
import { esc } from './html';
import { amountOf, nameOf, numberOf, showDate, showMoney, typeName } from './real-fields';
import type { PageRecord } from './view-rows';

export interface HostileLink {
  href: string;
  label: string;
  /** What the collector must count it as. */
  reason: string;
}

export const HOSTILE_LINKS: HostileLink[] = [
  { href: "/app/invoice?txnId=1' OR '1'='1", label: 'SQL injection', reason: 'invalid-id' },
  { href: '/app/invoice?txnId=-5', label: 'negative', reason: 'invalid-id' },
  { href: '/app/invoice?txnId=123456789012345678901234567890', label: '30 digits', reason: 'invalid-id' },
  { href: '/app/invoice?txnId=١٢٣', label: 'Arabic-Indic digits', reason: 'invalid-id' },
  { href: '/app/invoice?txnId=１２３', label: 'full-width digits', reason: 'invalid-id' },
  { href: '/app/invoice?txnId=0012', label: 'leading zeros', reason: 'invalid-id' },
  { href: '/app/invoice?txnId=12abc', label: 'trailing letters', reason: 'invalid-id' },
  { href: '/app/invoice?txnId=', label: 'empty', reason: 'invalid-id' },
  { href: '/app/invoice?txnId=12&txnId=13', label: 'two ids', reason: 'ambiguous-id' },
  { href: '/app/payroll?txnId=12', label: 'unknown slug', reason: 'unknown-slug' },
  { href: '/app/__proto__?txnId=12', label: 'prototype slug', reason: 'unknown-slug' },
  { href: '/app/Invoice?txnId=12', label: 'wrong case slug', reason: 'unknown-slug' },
  { href: 'https://evil.example/app/invoice?txnId=12', label: 'other origin', reason: 'other-origin' },
  { href: 'javascript:alert(1)//?txnId=12', label: 'script URL', reason: 'other-origin' },
];

const HEADERS = ['Date', 'Type', 'No.', 'Customer', 'Amount'];

/** Rows for the hostile page: `valid` rows (no link), then one row per hostile link. */
export function renderHostileRows(valid: PageRecord[]): string {
  const box = (label: string) => `<td><input type="checkbox" aria-label="Select row ${esc(label)}"></td>`;
  const rows = valid.map((r) => {
    const no = numberOf(r.json);
    const cells = [showDate(r.json.TxnDate), typeName(r), no, nameOf(r.json)].map((v) => `<td>${esc(v)}</td>`);
    return `<tr class="txn-row">${box(no || showDate(r.json.TxnDate))}${cells.join('')}<td class="amount">${esc(showMoney(amountOf(r.json)))}</td></tr>`;
  });
  for (const h of HOSTILE_LINKS) {
    rows.push(
      `<tr class="txn-row">${box(h.label)}<td></td><td></td><td><a href="${esc(h.href)}">${esc(h.label)}</a></td><td>${esc('<script>alert("party")</script>')}</td><td class="amount"></td></tr>`,
    );
  }
  return `<table class="txn-table" aria-label="Transactions (hostile test page)"><thead><tr><th><input type="checkbox" data-select-all aria-label="Select all rows"></th>${HEADERS.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
