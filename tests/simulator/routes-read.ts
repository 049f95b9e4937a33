/**
 * Reads: `GET /preferences` (AccountingInfoPrefs.BookCloseDate, absent when the books are open)
 * and the single read `GET /{resourcePath}/{id}` → {"<jsonKey>": {...}}; missing → 400 fault 610.
 */
import type { Hono } from 'hono';
import { ENTITIES, jsonKey, resourcePath } from '../../lib/qbo/entities';
import { faults } from './faults';
import { guard, sendFault, sendJson } from './pipeline';
import type { ApiEnv, SimState } from './state';

export function preferencesJson(bookCloseDate: string | undefined): Record<string, unknown> {
  return {
    AccountingInfoPrefs: {
      TrackDepartments: false,
      DepartmentTerminology: 'Location',
      ClassTrackingPerTxn: false,
      ClassTrackingPerTxnLine: false,
      CustomerTerminology: 'Customers',
      ...(bookCloseDate ? { BookCloseDate: bookCloseDate } : {}),
    },
    SalesFormsPrefs: { AllowDeposit: true, AllowDiscount: true, AllowEstimates: true, AutoApplyCredit: true },
    VendorAndPurchasesPrefs: { TrackingByCustomer: true, BillableExpenseTracking: true },
    CurrencyPrefs: { MultiCurrencyEnabled: false, HomeCurrency: { value: 'USD' } },
    domain: 'QBO',
    sparse: false,
    Id: '1',
    SyncToken: '2',
  };
}

export function mountReadRoutes(api: Hono<ApiEnv>, state: SimState): void {
  api.get('/preferences', guard(state, 'preferences'), (c) => {
    const company = state.store.company(c.req.param('realmId') ?? '');
    return sendJson(c, state, 200, { Preferences: preferencesJson(company.bookCloseDate) });
  });
  for (const entity of ENTITIES) {
    api.get(`/${resourcePath(entity)}/:id`, guard(state, 'read'), (c) => {
      const id = c.req.param('id');
      const rec = state.store.find(c.req.param('realmId') ?? '', entity, id);
      if (!rec) return sendFault(c, state, faults.objectNotFound(entity, id));
      return sendJson(c, state, 200, { [jsonKey(entity)]: structuredClone(rec.json) });
    });
  }
}
