/**
 * `/app/sales?hostile=1`: valid rows mixed with rows whose links a collector must refuse.
 * Each hostile href is written raw into the attribute (HTML-escaped only), the way a page under an
 * attacker's influence could. Expected outcome per row is in `reason` (undefined: a valid row).
 */
import { esc } from './html';
import { txnHref } from './markup';
import type { PageRow } from './view-rows';

export interface HostileLink {
  href: string;
  label: string;
  /** What the collector must count it as; undefined when the link is valid (e.g. a duplicate). */
  reason?: string;
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

/** Rows for the hostile page: `valid` rows, then each hostile link, then a duplicate of the first valid row. */
export function renderHostileRows(valid: PageRow[]): string {
  const row = (href: string, label: string, party: string) =>
    `<tr class="txn-row"><td><input type="checkbox" aria-label="Select row ${esc(label)}"></td><td></td><td>${esc(label)}</td><td><a href="${esc(href)}">${esc(label)}</a></td><td>${esc(party)}</td><td class="amount"></td></tr>`;
  const rows = valid.map((r) => row(txnHref(r), r.no || r.id, r.party));
  for (const h of HOSTILE_LINKS) rows.push(row(h.href, h.label, '<script>alert("party")</script>'));
  const first = valid[0];
  if (first) rows.push(row(txnHref(first), `${first.no || first.id} (duplicate)`, first.party));
  return `<table class="txn-table" aria-label="Transactions (hostile test page)"><thead><tr><th><input type="checkbox" data-select-all aria-label="Select all rows"></th><th>Date</th><th>Type</th><th>No.</th><th>Customer/Payee</th><th>Amount</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
