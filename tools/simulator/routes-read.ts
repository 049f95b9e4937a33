/**
 * Reads: `GET /preferences` (AccountingInfoPrefs.BookCloseDate, absent when the books are open),
 * `GET /companyinfo/{realmId}` → {"CompanyInfo": {"CompanyName": ..., "Id": "1", ...}} (another Id
 * → 400 fault 610), and the single read `GET /{resourcePath}/{id}` → {"<jsonKey>": {...}}; missing →
 * 400 fault 610. All go through auth (401/403 per mode) and fault injection; companyinfo also counts
 * against the query ceiling (3001, 429: JSON in document mode, XML in real mode).
 */
import type { Hono } from 'hono';
import { metaTime } from './clock';
import { faults } from './faults';
import { guard, sendFault, sendJson } from './pipeline';
import { ENTITIES, jsonKey, resourcePath } from './service-names';
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

/** CompanyInfo as the service sends it (the fields a client may look at; CompanyName is the one we use). */
export function companyInfoJson(companyName: string, now: number): Record<string, unknown> {
  const stamp = metaTime(now - 400 * 86_400_000);
  return {
    CompanyName: companyName,
    LegalName: companyName,
    CompanyAddr: {
      Id: '1',
      Line1: '123 Main Street',
      City: 'Mountain View',
      CountrySubDivisionCode: 'CA',
      PostalCode: '94043',
    },
    CustomerCommunicationAddr: {
      Id: '1',
      Line1: '123 Main Street',
      City: 'Mountain View',
      CountrySubDivisionCode: 'CA',
      PostalCode: '94043',
    },
    Country: 'US',
    Email: { Address: 'books@example.com' },
    SupportedLanguages: 'en',
    FiscalYearStartMonth: 'January',
    CompanyStartDate: '2019-01-01',
    NameValue: [{ Name: 'IndustryType', Value: 'Small business' }],
    domain: 'QBO',
    sparse: false,
    Id: '1',
    SyncToken: '4',
    MetaData: { CreateTime: stamp, LastUpdatedTime: stamp },
  };
}

export function mountReadRoutes(api: Hono<ApiEnv>, state: SimState): void {
  api.get('/companyinfo/:id', guard(state, 'companyinfo'), (c) => {
    const realmId = c.req.param('realmId') ?? '';
    const id = c.req.param('id');
    if (id !== realmId) return sendFault(c, state, faults.objectNotFound('CompanyInfo', id));
    const company = state.store.company(realmId);
    return sendJson(c, state, 200, { CompanyInfo: companyInfoJson(company.companyName, state.now()) });
  });
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
