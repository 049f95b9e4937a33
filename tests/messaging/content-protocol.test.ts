// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { MAX_SHOWN_TEXT } from '../../lib/domain/limits';
import { MAX_REPORT_ITEMS, MAX_SKELETON_CHARS } from '../../lib/messaging/content-limits';
import { ContentMessageSchema, SelectionReportSchema } from '../../lib/messaging/content-protocol';

const valid = () => ({
  type: 'selection/report' as const,
  data: {
    pageUrl: 'https://app.qbo.intuit.com/app/sales?page=2',
    host: 'app.qbo.intuit.com',
    pageCompany: '9130350000000001' as string | null,
    replace: false as const,
    snapshot: true,
    added: [
      {
        entity: 'Invoice',
        id: '33',
        shownAt: 1_760_000_000_000,
        tickedAt: 1_760_000_001_000,
        shown: { amount: '$1,200.00', number: '1424', date: '2025-02-01' },
      },
    ] as Record<string, unknown>[],
    pageTicked: [{ entity: 'Invoice', id: '34', shownAt: 1_760_000_000_000, tickedAt: 1_760_000_000_000 }] as Record<
      string,
      unknown
    >[],
    removed: [{ entity: 'Purchase', id: '7' }],
    page: { claimedSelected: 3, seenSelected: 2 } as Record<string, unknown>,
  },
});

type Forge = (m: ReturnType<typeof valid>) => unknown;
const forged: [string, Forge][] = [
  ['another type', (m) => ({ ...m, type: 'job/start' })],
  ['replace: true (a page wiping the selection)', (m) => ({ ...m, data: { ...m.data, replace: true } })],
  ['a realmId smuggled in', (m) => ({ ...m, data: { ...m.data, realmId: '123' } })],
  ['an environment smuggled in', (m) => ({ ...m, data: { ...m.data, environment: 'production' } })],
  ['an extra top-level field', (m) => ({ ...m, sender: 'popup' })],
  [
    'an unknown entity',
    (m) => ({ ...m, data: { ...m.data, added: [{ entity: 'Employee', id: '1', shownAt: 1, tickedAt: 1 }] } }),
  ],
  ['an SQL-ish Id', (m) => ({ ...m, data: { ...m.data, removed: [{ entity: 'Invoice', id: "1' OR '1'='1" }] } })],
  ['a numeric Id', (m) => ({ ...m, data: { ...m.data, removed: [{ entity: 'Invoice', id: 1 }] } })],
  ['a 30-digit Id', (m) => ({ ...m, data: { ...m.data, removed: [{ entity: 'Invoice', id: '1'.repeat(30) }] } })],
  ['Arabic-Indic digits', (m) => ({ ...m, data: { ...m.data, removed: [{ entity: 'Invoice', id: '١٢٣' }] } })],
  [
    'a negative shownAt',
    (m) => ({ ...m, data: { ...m.data, added: [{ entity: 'Invoice', id: '1', shownAt: -1, tickedAt: 1 }] } }),
  ],
  [
    'shownAt as a string',
    (m) => ({ ...m, data: { ...m.data, added: [{ entity: 'Invoice', id: '1', shownAt: '1', tickedAt: 1 }] } }),
  ],
  [
    'an item without tickedAt',
    (m) => ({ ...m, data: { ...m.data, added: [{ entity: 'Invoice', id: '1', shownAt: 1 }] } }),
  ],
  [
    'a shown value longer than MAX_SHOWN_TEXT',
    (m) => ({
      ...m,
      data: { ...m.data, added: [{ ...m.data.added[0], shown: { amount: '9'.repeat(MAX_SHOWN_TEXT + 1) } }] },
    }),
  ],
  [
    'an unknown shown field',
    (m) => ({ ...m, data: { ...m.data, added: [{ ...m.data.added[0], shown: { payee: 'x' } }] } }),
  ],
  [
    'a key both added and ticked by the page',
    (m) => ({ ...m, data: { ...m.data, pageTicked: [{ ...m.data.added[0] }] } }),
  ],
  ['a page company that is not a realmId', (m) => ({ ...m, data: { ...m.data, pageCompany: 'A' } })],
  ['no page company field', (m) => ({ ...m, data: { ...m.data, pageCompany: undefined } })],
  [
    'a skeleton longer than MAX_SKELETON_CHARS',
    (m) => ({
      ...m,
      data: {
        ...m.data,
        page: { seenSelected: 0, unreadable: { tickedBoxes: 1, skeleton: 'x'.repeat(MAX_SKELETON_CHARS + 1) } },
      },
    }),
  ],
  ['an unknown page field', (m) => ({ ...m, data: { ...m.data, page: { seenSelected: 0, rows: 3 } } })],
  [
    'an extra field on an item',
    (m) => ({ ...m, data: { ...m.data, removed: [{ entity: 'Invoice', id: '1', SyncToken: '0' }] } }),
  ],
  ['a key both added and removed', (m) => ({ ...m, data: { ...m.data, removed: [{ entity: 'Invoice', id: '33' }] } })],
  [
    'a key added twice',
    (m) => ({
      ...m,
      data: { ...m.data, added: [...m.data.added, { entity: 'Invoice', id: '33', shownAt: 5, tickedAt: 5 }] },
    }),
  ],
  [
    'a page outside the web app',
    (m) => ({ ...m, data: { ...m.data, pageUrl: 'https://evil.example/app/sales', host: 'evil.example' } }),
  ],
  ['a host not matching the page URL', (m) => ({ ...m, data: { ...m.data, host: 'app.sandbox.qbo.intuit.com' } })],
  ['plain http', (m) => ({ ...m, data: { ...m.data, pageUrl: 'http://app.qbo.intuit.com/app/sales' } })],
  ['not an /app/ page', (m) => ({ ...m, data: { ...m.data, pageUrl: 'https://app.qbo.intuit.com/login' } })],
  ['a malformed URL', (m) => ({ ...m, data: { ...m.data, pageUrl: 'not a url' } })],
  [
    'missing lists',
    (m) => ({ ...m, data: { pageUrl: m.data.pageUrl, host: m.data.host, replace: false, snapshot: false } }),
  ],
  [
    'too many items',
    (m) => ({
      ...m,
      data: {
        ...m.data,
        added: [],
        removed: Array.from({ length: MAX_REPORT_ITEMS + 1 }, (_, i) => ({ entity: 'Bill', id: String(i + 1) })),
      },
    }),
  ],
  [
    'a prototype-polluting key',
    (m) => JSON.parse(`{"type":"selection/report","__proto__":{"x":1},"data":${JSON.stringify(m.data)}}`),
  ],
];

describe('SelectionReportSchema', () => {
  it('accepts a well-formed report (production and sandbox hosts)', () => {
    expect(SelectionReportSchema.safeParse(valid()).success).toBe(true);
    const sandbox = valid();
    sandbox.data.pageUrl = 'https://sandbox.qbo.intuit.com/app/register?accountId=35';
    sandbox.data.host = 'sandbox.qbo.intuit.com';
    expect(SelectionReportSchema.safeParse(sandbox).success).toBe(true);
  });

  it.each(forged)('rejects %s', (_, forge) => {
    expect(SelectionReportSchema.safeParse(forge(valid())).success).toBe(false);
  });

  it('accepts an unknown page company (null) and a page-only report', () => {
    const m = valid();
    m.data.pageCompany = null;
    m.data.added = [];
    m.data.pageTicked = [];
    m.data.removed = [];
    m.data.page = { seenSelected: 0, unreadable: { tickedBoxes: 2, skeleton: '<tr class="row"></tr>' } };
    expect(SelectionReportSchema.safeParse(m).success).toBe(true);
  });

  it('rejects non-objects', () => {
    for (const value of [null, undefined, 'selection/report', 42, [], {}]) {
      expect(SelectionReportSchema.safeParse(value).success).toBe(false);
    }
  });
});

describe('ContentMessageSchema', () => {
  const hello = {
    type: 'page/hello',
    data: { pageUrl: 'https://app.qbo.intuit.com/app/sales', host: 'app.qbo.intuit.com' },
  };

  it('accepts a hello and a report, and nothing else', () => {
    expect(ContentMessageSchema.safeParse(hello).success).toBe(true);
    expect(ContentMessageSchema.safeParse(valid()).success).toBe(true);
    expect(ContentMessageSchema.safeParse({ type: 'job/start', data: {} }).success).toBe(false);
  });

  it('rejects a hello from outside the web app or with a company of its own', () => {
    const forge = (data: Record<string, unknown>) => ContentMessageSchema.safeParse({ ...hello, data }).success;
    expect(forge({ ...hello.data, pageUrl: 'https://evil.example/app/sales', host: 'evil.example' })).toBe(false);
    expect(forge({ ...hello.data, realmId: '1' })).toBe(false);
  });
});
