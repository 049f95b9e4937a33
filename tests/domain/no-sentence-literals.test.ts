/**
 * What a person reads is made in the word rooms only: lib/popup/words/ (the screens, the finish
 * notice), lib/background/words/ (the background's refusals, whose types the popup may not import)
 * and lib/audit/words.ts (the audit log and its CSV). Everywhere else in lib/, components/ and
 * entrypoints/ passes codes with their fields; the service's own fault messages pass through as data.
 *
 * A sentence is a string, template or JSX text holding at least three words of letters in a row, one
 * space apart, that starts with a capital letter or ends in `.`, `!`, `?` or `:` (a template's `${…}`
 * reads as a word). Not sentences: import and export specifiers, types' literals, and what a
 * developer reads (the message of a thrown `Error`, a `console` call's arguments).
 */
import { describe, expect, it } from 'vitest';
import { sourcesUnder, type TextLiteral, textLiteralsIn } from '../support/imports';

const ROOMS = [/^lib\/popup\/words\//, /^lib\/background\/words\//, /^lib\/audit\/words\.ts$/];

/**
 * Files that still make sentences outside the rooms, each with why, for the integrator to shrink: a
 * file that no longer holds one fails the test until it leaves the list, and a file not listed may
 * hold none.
 */
const NOT_YET: Readonly<Record<string, string>> = {
  'components/App.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/AuditExport.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/CheckFailed.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/ConnectQuickBooks.tsx': 'words written in the file: to come from lib/popup/words/',
  'components/ConnectedCompanies.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/ConnectionForm.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/ConnectionSummary.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/DeleteOptions.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/DeletePanel.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/EraseCompanyData.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/FindLink.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/HostAccess.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/JobProgress.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/JobResult.tsx': 'words written in the file: to come from lib/popup/words/',
  'components/LazyWhen.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/OutcomeRecord.tsx': 'words written in the file: to come from lib/popup/words/',
  'components/PageIssues.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/PageTickedHint.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/PageTickedPanel.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/ProgressBar.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/RecentRuns.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/ReportPreparer.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/ReportPrint.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/RestorePanel.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/RestorePreview.tsx': 'words written in the file: to come from lib/popup/words/',
  'components/RevokePending.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/SelectionPanel.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/SelectionSummary.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/StatusRegion.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/TokenHelp.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/TopBar.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/UnreadableJobs.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/UnresolvedRows.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/find/DuplicateGroup.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/find/DuplicatesTool.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/find/FindMount.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/find/FindTools.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/find/ImportResult.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/find/ImportTool.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/find/ResultRow.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/find/ResultsTable.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'components/find/SearchTool.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'entrypoints/popup/main.tsx': 'JSX text of the screen: to come from lib/popup/words/',
  'lib/background/connection-handlers.ts':
    "a reply's refusal worded in the handler: to move to lib/background/words/ as a code",
  'lib/background/erase.ts': "a reply's refusal worded in the handler: to move to lib/background/words/ as a code",
  'lib/background/find-handlers.ts':
    "a reply's refusal worded in the handler: to move to lib/background/words/ as a code",
  'lib/background/index.ts': "a reply's refusal worded in the handler: to move to lib/background/words/ as a code",
  'lib/background/job-handlers.ts':
    "a reply's refusal worded in the handler: to move to lib/background/words/ as a code",
  'lib/background/preflight-service.ts':
    "a reply's refusal worded in the handler: to move to lib/background/words/ as a code",
  'lib/background/selection-handlers.ts':
    "a reply's refusal worded in the handler: to move to lib/background/words/ as a code",
  'lib/background/selection-report.ts':
    "a reply's refusal worded in the handler: to move to lib/background/words/ as a code",
  'lib/collect/checkbox.ts': "the content script's label on the page's checkbox (lib/collect is out of scope)",
  'lib/collect/layouts/bank-feed.ts':
    "the QuickBooks page's own text a layout recognises (names on its sample rows), not ours",
  'lib/collect/layouts/lists.ts':
    "the QuickBooks page's own text a layout recognises (names on its sample rows), not ours",
  'lib/collect/layouts/registers.ts':
    "the QuickBooks page's own text a layout recognises (names on its sample rows), not ours",
  'lib/connection/broker.ts': 'sign-in and broker errors shown to the person: to move to a words room as codes',
  'lib/connection/connections.ts': 'sign-in and broker errors shown to the person: to move to a words room as codes',
  'lib/connection/sign-in.ts': 'sign-in and broker errors shown to the person: to move to a words room as codes',
  'lib/domain/entities.ts':
    "a declaration's words (label, plain), declared with it as CONTRIBUTING's 'Adding one of each' says",
  'lib/domain/operations-delete.ts':
    "a declaration's words (label, plain), declared with it as CONTRIBUTING's 'Adding one of each' says",
  'lib/domain/operations-restore.ts':
    "a declaration's words (label, plain), declared with it as CONTRIBUTING's 'Adding one of each' says",
  'lib/domain/operations-void.ts':
    "a declaration's words (label, plain), declared with it as CONTRIBUTING's 'Adding one of each' says",
  'lib/domain/outcomes.ts':
    "a declaration's words (label, plain), declared with it as CONTRIBUTING's 'Adding one of each' says",
  'lib/domain/statuses.ts':
    "a declaration's words (label, plain), declared with it as CONTRIBUTING's 'Adding one of each' says",
  'lib/find/report-lines.ts': "the find tools' refusals and report-reading problems: to move to a words room as codes",
  'lib/find/report-parse.ts': "the find tools' refusals and report-reading problems: to move to a words room as codes",
  'lib/find/report-read.ts': "the find tools' refusals and report-reading problems: to move to a words room as codes",
  'lib/find/report-types.ts': "the find tools' refusals and report-reading problems: to move to a words room as codes",
  'lib/find/scan.ts': "the find tools' refusals and report-reading problems: to move to a words room as codes",
  'lib/find/search.ts': "the find tools' refusals and report-reading problems: to move to a words room as codes",
  'lib/journal/journal.ts': 'a sentence kept for the person: to become a code worded in a room',
  'lib/messaging/content-protocol.ts': "the protocol's words for a refused message: to move to a words room",
  'lib/popup/announce.ts': 'screen words made outside lib/popup/words/: to move there',
  'lib/popup/audit-export.ts': 'screen words made outside lib/popup/words/: to move there',
  'lib/popup/derive.ts': 'screen words made outside lib/popup/words/: to move there',
  'lib/popup/find-form.ts': 'screen words made outside lib/popup/words/: to move there',
  'lib/popup/find-import.ts': 'screen words made outside lib/popup/words/: to move there',
  'lib/popup/find-model.ts': 'screen words made outside lib/popup/words/: to move there',
  'lib/popup/format.ts': 'screen words made outside lib/popup/words/: to move there',
  'lib/popup/model.ts': 'screen words made outside lib/popup/words/: to move there',
  'lib/popup/plan.ts': 'screen words made outside lib/popup/words/: to move there',
  'lib/popup/report-data.ts': 'words written in the file: to come from lib/popup/words/',
  'lib/popup/report-export.ts': 'words written in the file: to come from lib/popup/words/',
  'lib/popup/report.ts': 'words written in the file: to come from lib/popup/words/',
  'lib/popup/restore.ts': 'screen words made outside lib/popup/words/: to move there',
  'lib/qbo/attachables.ts': "the service client's query text and diagnostics of an answer it cannot read",
  'lib/qbo/entities.ts': "the service client's query text and diagnostics of an answer it cannot read",
  'lib/qbo/read-by-ids.ts': "the service client's query text and diagnostics of an answer it cannot read",
  'lib/qbo/read-name-list.ts': "the service client's query text and diagnostics of an answer it cannot read",
  'lib/qbo/read-names.ts': "the service client's query text and diagnostics of an answer it cannot read",
  'lib/qbo/read-pages.ts': "the service client's query text and diagnostics of an answer it cannot read",
  'lib/qbo/report-parser.ts': "the service client's query text and diagnostics of an answer it cannot read",
  'lib/qbo/to-outcome.ts': "the service client's query text and diagnostics of an answer it cannot read",
  'lib/restore/marker.ts': 'a sentence kept for the person: to become a code worded in a room',
  'lib/storage/migrations/runs-v2-outcome-codes.ts':
    'reads the sentences an older build stored, to turn them into codes',
};

const WORDS_IN_A_ROW = /(?:^|[^A-Za-z'’-])[A-Za-z][A-Za-z'’]*(?: [A-Za-z][A-Za-z'’]*){2}/;

function isSentence(text: string): boolean {
  const t = text.trim();
  return WORDS_IN_A_ROW.test(t) && (/^[A-Z]/.test(t) || /[.!?:]$/.test(t));
}

/** The sentences of one source, as `path:line: text`. */
function sentencesIn(path: string, code: string): string[] {
  return textLiteralsIn(path, code)
    .filter((l: TextLiteral) => l.place === 'code' && isSentence(l.text))
    .map((l) => `${path}:${l.line}: ${l.text}`);
}

const sources = sourcesUnder(['lib', 'components', 'entrypoints'], /\.(ts|tsx)$/);
const outside = [...sources].filter(([path]) => !ROOMS.some((room) => room.test(path)));
const offenders = outside.flatMap(([path, code]) => sentencesIn(path, code));
const fileOf = (offender: string) => offender.slice(0, offender.indexOf(':'));

describe('no sentence outside the word rooms', () => {
  it('scans the sources and finds the rooms’ own sentences', () => {
    expect(outside.length).toBeGreaterThan(100);
    const rooms = [...sources].filter(([path]) => ROOMS.some((room) => room.test(path)));
    expect(rooms.flatMap(([path, code]) => sentencesIn(path, code)).length).toBeGreaterThan(20);
  });

  it('every file outside the rooms makes no sentence, but for the files not moved yet', () => {
    expect(offenders.filter((o) => !(fileOf(o) in NOT_YET))).toEqual([]);
  });

  it('each file not moved yet still holds a sentence (the list only shrinks)', () => {
    const holding = new Set(offenders.map(fileOf));
    expect(Object.keys(NOT_YET).filter((f) => !holding.has(f))).toEqual([]);
  });

  it('finds a planted sentence in each form, and passes what is no sentence', () => {
    const planted = [
      "export const A = 'Nothing was deleted: the check failed.';",
      'export const b = (n: number) => `Delete $' + '{n} invoices now?`;',
      "throw new Error('This is for a developer to read.');",
      "console.warn('Safe Delete could not read the journal.');",
      "import { x } from './This Is A Path';",
      "type T = 'Not A Sentence Either';",
      "const cls = 'notice notice-error check-failed';",
      "const selector = 'input[type=checkbox]:checked';",
      "const key = 'Invoice:12';",
    ].join('\n');
    expect(sentencesIn('lib/x.ts', planted)).toEqual([
      'lib/x.ts:1: Nothing was deleted: the check failed.',
      'lib/x.ts:2: Delete X invoices now?',
    ]);
    const jsx = 'export const C = () => <p class="hint">\n  Connect to QuickBooks first. <b>{n}</b> rows\n</p>;';
    expect(sentencesIn('components/C.tsx', jsx)).toEqual(['components/C.tsx:2: Connect to QuickBooks first.']);
  });
});
