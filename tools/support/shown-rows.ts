/**
 * Which record a row of the simulator's pages is, for the tests and the demo's walks: no row links its
 * own record (as on the real web app), so a test knows a row the way a person does, by what it shows
 * — its date, its amount and its number — and takes the answer from the simulator's own records
 * (`GET /__sim/records`, the ground truth), never from the extension. A row that shows what no record,
 * or several records, show is no record's: it is never picked.
 */

/** A record as the simulator lists it. */
export interface TruthRecord {
  entity: string;
  json: Record<string, unknown>;
}

/** The data rows of every list shape the simulator serves (the register's Add row matches no record). */
export const DATA_ROWS = 'tbody tr.idsTable__row, .dgrid-row, tr.txn-row, [role="row"].grid-row';

/**
 * Runs in the page: each data row's cell texts, a cell of several lines (a stacked register column)
 * split into its lines. Serialised by Playwright and puppeteer: self-contained.
 */
export function shownCellsInPage(selector: string): string[][] {
  return [...document.querySelectorAll(selector)].map((row) =>
    [...row.querySelectorAll('td, [role="gridcell"], [role="cell"]')].flatMap((cell) =>
      ((cell as HTMLElement).innerText ?? cell.textContent ?? '')
        .split('\n')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  );
}

const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const MONEY = /^-?\$[\d,]+\.\d{2}$/;

const amountOf = (json: Record<string, unknown>) =>
  [json.TotalAmt, json.Amount].find((v): v is number => typeof v === 'number');
const numberOf = (json: Record<string, unknown>) => {
  const n = json.DocNumber ?? json.PaymentRefNum;
  return typeof n === 'string' ? n : '';
};

/** `Entity:Id` of the one record a row with these cells shows, or undefined (none, or several). */
export function keyOfShown(records: readonly TruthRecord[], cells: readonly string[]): string | undefined {
  const date = cells.map((c) => DATE.exec(c)).find((m) => m !== null);
  if (!date) return undefined;
  const iso = `${date[3]}-${date[1]}-${date[2]}`;
  const money = new Set(cells.filter((c) => MONEY.test(c)).map((c) => Number(c.replace(/[$,-]/g, ''))));
  const shown = new Set(cells);
  const hits = records.filter(({ json }) => {
    const amount = amountOf(json);
    const number = numberOf(json);
    return (
      json.TxnDate === iso &&
      amount !== undefined &&
      money.has(Math.abs(amount)) &&
      (number === '' || shown.has(number))
    );
  });
  const [hit, ...more] = hits;
  return hit && more.length === 0 ? `${hit.entity}:${String(hit.json.Id)}` : undefined;
}

/** Each data row's record key in page order ('' for a row that names no one record). */
export function keysOfRows(records: readonly TruthRecord[], rows: readonly (readonly string[])[]): string[] {
  return rows.map((cells) => keyOfShown(records, cells) ?? '');
}

/**
 * Runs in the page: the simulator's records of the company the page shows (its `qbo.currentcompanyid`
 * cookie), from the simulator that serves the page. Self-contained.
 */
export async function truthInPage(): Promise<{ realmId: string; records: TruthRecord[] }> {
  const cookie = document.cookie.split('; ').find((c) => c.startsWith('qbo.currentcompanyid='));
  const realmId = decodeURIComponent(cookie?.split('=')[1] ?? '');
  const res = await fetch(`/__sim/records?realmId=${encodeURIComponent(realmId)}`, { credentials: 'omit' });
  return { realmId, records: (await res.json()) as TruthRecord[] };
}
