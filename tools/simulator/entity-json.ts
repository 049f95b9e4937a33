/**
 * Entity JSON as the service returns it (service-facts.md): string Ids and SyncTokens, number
 * amounts, `{value, name}` refs, MetaData stamps, links where the service keeps them (./links.ts:
 * a document's top-level LinkedTxn; a Payment's, BillPayment's and Deposit's Line[] with no
 * top-level LinkedTxn). Each entity keeps its real quirks:
 * Purchase has EntityRef + PaymentType (and `Credit: true` for a card credit); Transfer and
 * CreditCardPayment carry `Amount`, not TotalAmt; TimeActivity has hours, no amount, and a string
 * `BillableStatus` (`Billable` until an invoice bills it, then `HasBeenBilled`: ./create-links.ts);
 * JournalEntry sometimes has no TotalAmt.
 */
import { dateToMs, metaTime } from './clock';
import { LINE_LINKED } from './links';
import type { Prng } from './prng';
import type { Entity } from './service-names';
import type { ItemType } from './store';

type Json = Record<string, unknown>;
type Ref = { value: string; name: string };

const CUSTOMERS: Ref[] = [
  'Amy’s Bird Sanctuary',
  'Bill’s Windsurf Shop',
  'Cool Cars',
  'Diego Rodriguez',
  'Dukes Basketball Camp',
  'Freeman Sporting Goods',
  'Geeta Kalapatapu',
  'Jeff’s Jalopies',
  'Kookies by Kathy',
  'Mark Cho',
  'Paulsen Medical Supplies',
  'Rago Travel Agency',
  'Red Rock Diner',
  'Sonnenschein Family Store',
  'Sushi by Katsuyuki',
].map((name, i) => ({ value: String(i + 1), name }));

const VENDORS: Ref[] = [
  'Bob’s Burger Joint',
  'Brosnahan Insurance Agency',
  'Cal Telephone',
  'Computers by Jenni',
  'Diego’s Road Warrior Bodyshop',
  'EDD',
  'Hicks Hardware',
  'Lee Advertising',
  'Norton Lumber and Building Materials',
  'PG&E',
  'Robertson & Associates',
  'Tania’s Nursery',
].map((name, i) => ({ value: String(i + 30), name }));

const EMPLOYEES: Ref[] = [
  { value: '55', name: 'Emily Platt' },
  { value: '54', name: 'John Johnson' },
];

const ACCOUNTS = {
  checking: { value: '35', name: 'Checking' },
  savings: { value: '36', name: 'Savings' },
  card: { value: '41', name: 'Mastercard' },
  undeposited: { value: '4', name: 'Undeposited Funds' },
  receivable: { value: '84', name: 'Accounts Receivable (A/R)' },
  payable: { value: '33', name: 'Accounts Payable (A/P)' },
  supplies: { value: '20', name: 'Job Expenses:Job Materials' },
} as const;

/** Products and services a line may name (SalesItemLineDetail / ItemBasedExpenseLineDetail ItemRef). */
const ITEMS: Ref[] = [
  'Services',
  'Hours',
  'Design',
  'Gardening',
  'Installation',
  'Pest Control',
  'Rock Fountain',
  'Sod',
].map((name, i) => ({ value: String(i + 1), name }));

/**
 * Each catalogue item's `Type`, as in Intuit's sample company: Rock Fountain is stocked (Inventory,
 * valued first-in, first-out), Sod is bought and sold but not tracked (NonInventory), the rest are
 * services. An item not named here is a Service.
 */
export const ITEM_TYPES: Readonly<Record<string, ItemType>> = { '7': 'Inventory', '8': 'NonInventory' };

/** Income and expense accounts lines may name (besides the bank and card accounts above). */
const LINE_ACCOUNTS: Ref[] = [
  { value: '79', name: 'Sales of Product Income' },
  { value: '7', name: 'Advertising' },
  { value: '57', name: 'Office Expenses' },
];

/**
 * Every name and account the generated records use, and the items and accounts lines may name: the
 * company's reference lists (./refs.ts registers them at seeding; creates check against them).
 */
export const REFERENCE_CATALOGUE = {
  Customer: CUSTOMERS,
  Vendor: VENDORS,
  Employee: EMPLOYEES,
  Item: ITEMS,
  Account: [...Object.values(ACCOUNTS), ...LINE_ACCOUNTS],
} as const;

const MEMOS = ['', '', 'Thanks for your business', 'Net 30', 'Paid by check', 'Spring order', 'Repair work'];

export interface EntityJsonInput {
  entity: Entity;
  id: string;
  txnDate: string;
  docNumber: string;
  rng: Prng;
}

export function money(rng: Prng, min: number, max: number): number {
  return Math.round((min + rng.next() * (max - min)) * 100) / 100;
}

export function buildEntityJson(input: EntityJsonInput): Json {
  const { entity, id, txnDate, docNumber, rng } = input;
  const created = dateToMs(txnDate) + rng.int(8, 17) * 3_600_000 + rng.int(0, 3599) * 1000;
  const updated = created + (rng.chance(0.3) ? rng.int(1, 72) * 3_600_000 : 0);
  const base: Json = {
    domain: 'QBO',
    sparse: false,
    Id: id,
    SyncToken: String(rng.chance(0.7) ? 0 : rng.int(1, 4)),
    MetaData: { CreateTime: metaTime(created), LastUpdatedTime: metaTime(updated) },
    TxnDate: txnDate,
  };
  // Documents list their links at the top level; payments and deposits only on their lines.
  if (!LINE_LINKED.has(entity)) base.LinkedTxn = [];
  const note = rng.pick(MEMOS);
  if (note) base.PrivateNote = note;
  const amount = money(rng, 20, 5000);
  const customer = rng.pick(CUSTOMERS);
  const vendor = rng.pick(VENDORS);
  const sales = (): Json => ({ ...base, DocNumber: docNumber, CustomerRef: customer, TotalAmt: amount });
  switch (entity) {
    case 'Invoice':
      return { ...sales(), Balance: amount, DueDate: txnDate };
    case 'SalesReceipt':
      return { ...sales(), DepositToAccountRef: ACCOUNTS.undeposited };
    case 'CreditMemo':
    case 'RefundReceipt':
    case 'Estimate':
      return sales();
    case 'Payment':
      return {
        ...base,
        CustomerRef: customer,
        TotalAmt: amount,
        UnappliedAmt: amount,
        DepositToAccountRef: ACCOUNTS.undeposited,
        Line: [],
      };
    case 'Bill':
      return { ...base, DocNumber: docNumber, VendorRef: vendor, TotalAmt: amount, Balance: amount };
    case 'VendorCredit':
    case 'PurchaseOrder':
      return { ...base, DocNumber: docNumber, VendorRef: vendor, TotalAmt: amount };
    case 'BillPayment': {
      const byCard = rng.chance(0.3);
      return {
        ...base,
        DocNumber: docNumber,
        VendorRef: vendor,
        PayType: byCard ? 'CreditCard' : 'Check',
        TotalAmt: amount,
        Line: [],
      };
    }
    case 'Purchase': {
      const paymentType = rng.pick(['Cash', 'Check', 'CreditCard'] as const);
      const json: Json = {
        ...base,
        PaymentType: paymentType,
        EntityRef: { ...vendor, type: 'Vendor' },
        TotalAmt: amount,
      };
      json.AccountRef = paymentType === 'CreditCard' ? ACCOUNTS.card : ACCOUNTS.checking;
      if (paymentType === 'Check') json.DocNumber = docNumber;
      if (paymentType === 'CreditCard' && rng.chance(0.25)) json.Credit = true;
      return json;
    }
    case 'JournalEntry': {
      const json: Json = { ...base, Adjustment: false };
      if (rng.chance(0.5)) json.DocNumber = docNumber;
      if (rng.chance(0.5)) json.TotalAmt = amount;
      return json;
    }
    case 'Deposit':
      return { ...base, DepositToAccountRef: ACCOUNTS.checking, TotalAmt: amount, Line: [] };
    case 'Transfer':
      return { ...base, FromAccountRef: ACCOUNTS.checking, ToAccountRef: ACCOUNTS.savings, Amount: amount };
    case 'CreditCardPayment':
      return { ...base, CreditCardAccountRef: ACCOUNTS.card, BankAccountRef: ACCOUNTS.checking, Amount: amount };
    case 'TimeActivity':
      return {
        ...base,
        NameOf: 'Employee',
        EmployeeRef: rng.pick(EMPLOYEES),
        CustomerRef: customer,
        Hours: rng.int(1, 8),
        Minutes: rng.pick([0, 15, 30, 45]),
        HourlyRate: 75,
        BillableStatus: 'Billable',
      };
  }
}
