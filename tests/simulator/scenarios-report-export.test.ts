/**
 * The `reportExport` scenario: its CSV and XLSX parse with the product's report reader
 * (lib/find/report-parse.ts) into exactly the listed lines, and the product's row resolver, reading
 * the simulator through a real client, names each line's record and cannot tell the ambiguous one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linesOf, parseReportFile, rowKeyOf } from '../../lib/find/report-parse';
import { createQboClient } from '../../lib/qbo/client';
import { resolveRows, windowReaderOf } from '../../lib/resolve/resolve';
import type { SeededScenario, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';

describe('scenario reportExport', () => {
  let sim: Simulator;
  let company: SeededScenario<'reportExport'>;

  beforeAll(async () => {
    sim = await startSimulator();
    company = await sim.seedScenario('reportExport');
  });
  afterAll(() => sim.close());

  const files = () => ({
    csv: { name: 'Transaction List by Date.csv', bytes: new TextEncoder().encode(company.csv).buffer as ArrayBuffer },
    xlsx: { name: 'Transaction List by Date.xlsx', bytes: company.xlsx.slice().buffer as ArrayBuffer },
  });

  it('lays out title rows, the header, 8 lines by date, a TOTAL row and the footer', () => {
    const rows = company.csv.split('\r\n');
    // The company's name is a CSV cell: quoted (its quotes doubled) when it holds a comma or a quote.
    const name = company.companyName;
    expect(rows.slice(0, 5)).toEqual([
      /[",]/.test(name) ? `"${name.replaceAll('"', '""')}"` : name,
      'Transaction List by Date',
      expect.stringMatching(/^"(October|November) \d+(-\d+| - (October|November) \d+), 2026"$/),
      '',
      'Date,Transaction Type,Num,Posting,Name,Memo/Description,Account,Split,Amount',
    ]);
    expect(company.lines.map((l) => l.row)).toEqual([6, 7, 8, 9, 10, 11, 12, 13]);
    expect(rows[company.totalRow - 1]).toMatch(/^TOTAL,/);
    expect(rows.at(-2)).toMatch(/^"?Accrual Basis /);
    expect(company.listed).toHaveLength(7);
    expect(company.ambiguous.candidates).toHaveLength(2);
  });

  it.each(['csv', 'xlsx'] as const)(
    '%s: parses into exactly the listed lines, the title and TOTAL rows skipped',
    async (format) => {
      const parsed = await parseReportFile(files()[format]);
      if (parsed.kind !== 'report') throw new Error(parsed.message);
      expect(parsed.format).toBe(format);
      expect(parsed.headerRow).toBe(company.headerRow);
      expect(parsed.title).toEqual([company.companyName, 'Transaction List by Date', expect.any(String)]);
      const lines = linesOf(parsed, parsed.mapping);
      if (lines.kind !== 'lines') throw new Error(lines.message);
      expect(lines.lines.map((l) => l.rowKey)).toEqual(company.lines.map((l) => rowKeyOf(l.row)));
      expect(lines.skipped.map((s) => s.row)).toContain(company.totalRow);
    },
  );

  it.each(['csv', 'xlsx'] as const)(
    "%s: the product's resolver, reading the simulator, matches each listed line to its record and cannot tell the ambiguous one",
    async (format) => {
      const parsed = await parseReportFile(files()[format]);
      if (parsed.kind !== 'report') throw new Error(parsed.message);
      const lines = linesOf(parsed, parsed.mapping);
      if (lines.kind !== 'lines') throw new Error(lines.message);
      const qbo = createQboClient({
        realmId: company.realmId,
        environment: 'sandbox',
        baseUrl: sim.url,
        getToken: () => company.token,
      });
      const resolved = await resolveRows(lines.lines, windowReaderOf(qbo));
      for (const line of company.lines) {
        const got = resolved.get(rowKeyOf(line.row));
        if ('key' in line) {
          expect(got?.kind, `row ${line.row}`).toBe('match');
          if (got?.kind === 'match') expect(`${got.candidate.entity}:${got.candidate.id}`).toBe(line.key);
        } else {
          expect(got?.kind, `row ${line.row}`).toBe('several');
          if (got?.kind === 'several')
            expect(got.candidates.map((c) => `${c.entity}:${c.id}`).sort()).toEqual([...line.candidates].sort());
        }
      }
    },
  );

  it('the two records of the ambiguous line agree in date, type, number, name, memo and amount', () => {
    const [a, b] = company.ambiguous.candidates.map((k) => sim.record(company.realmId, k)) as Record<string, unknown>[];
    for (const field of ['TxnDate', 'DocNumber', 'CustomerRef', 'PrivateNote', 'TotalAmt'])
      expect(b?.[field]).toEqual(a?.[field]);
    expect(b?.Id).not.toBe(a?.Id);
  });
});
