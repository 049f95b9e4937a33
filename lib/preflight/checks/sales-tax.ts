/**
 * salesTax: the record carries sales tax (`TxnTaxDetail.TotalTax` > 0). Deleting a transaction whose
 * tax was in a period already filed makes an exception on the next return; the service's API does
 * not say which periods are filed (README, "Sales tax"), so this holds nothing back: it is a note the
 * popup shows beside the record ("Has sales tax of $12.40: …").
 */
import type { RecordCheck } from '../types';

function totalTaxOf(raw: Record<string, unknown>): number | undefined {
  const detail = raw.TxnTaxDetail;
  if (!detail || typeof detail !== 'object') return undefined;
  const total = (detail as Record<string, unknown>).TotalTax;
  const value = typeof total === 'string' && total.trim() !== '' ? Number(total) : total;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export const salesTax: RecordCheck = {
  id: 'sales-tax',
  run: ({ record }) => {
    const totalTax = record ? totalTaxOf(record.raw) : undefined;
    if (!record || totalTax === undefined || totalTax <= 0) return undefined;
    return {
      check: 'sales-tax',
      status: 'salesTax',
      totalTax,
      ...(record.currency !== undefined ? { currency: record.currency } : {}),
    };
  },
};
