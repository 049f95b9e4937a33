// @vitest-environment happy-dom
/**
 * "Ran by" names a person: the first report the person makes asks once for the name the reports
 * print (the click waits for the answer), the background keeps it on this device, the reports —
 * CSV, Excel, the printable page — print it, and the person can change it later. "Continue without
 * a name" is an answer too: no question again, and the reports say "Safe Delete on this browser".
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportPage } from '../../components/ReportPrint';
import type { PageMessage, Reply } from '../../lib/messaging/protocol';
import type { PopupState } from '../../lib/messaging/views';
import { createPopupModel, type DownloadFile } from '../../lib/popup/model';
import { parseCsv } from '../support/csv';
import { fakeBackground, popupState, renderPopup, settle } from './fixtures';
import { REPORT_JOB, REPORT_SELECTION } from './report-fixture';

afterEach(cleanup);

const state = (over: Partial<PopupState> = {}): PopupState =>
  popupState({
    connection: { realmId: '123', environment: 'sandbox', hasToken: true, remember: false, companyName: 'Acme' },
    selection: REPORT_SELECTION,
    job: REPORT_JOB,
    ...over,
  });

/** Answers report/preparer as the background does: the name kept, in the next state. */
function keepsName(p: Awaited<ReturnType<typeof renderPopup>>) {
  p.bg.reply = (m: PageMessage): Reply<unknown> =>
    m.type === 'report/preparer'
      ? { ok: true, data: { ...p.bg.state, version: p.bg.state.version + 1, preparer: m.name } }
      : { ok: true, data: p.bg.state };
}

const ranBy = (file: DownloadFile | undefined) =>
  parseCsv(String(file?.parts.join('') ?? '')).rows.find((r) => r[0] === 'Ran by')?.[1];

describe('the person named on the reports', () => {
  it('is asked once, at the first report; the click goes on with the name given', async () => {
    const downloads: DownloadFile[] = [];
    const p = await renderPopup(state(), { download: (f) => void downloads.push(f) });
    keepsName(p);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Download the report (CSV)' })));
    // Nothing downloaded before the answer; the question has the focus.
    expect(downloads).toEqual([]);
    const field = screen.getByRole('textbox', { name: 'Your name on the report' }) as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect(field.maxLength).toBe(100);
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /Kept on this device only; you can change it later\./,
    );
    fireEvent.input(field, { target: { value: '  Jane Bookkeeper ' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Save and continue' })));
    expect(p.bg.sentOfType('report/preparer')).toEqual([{ type: 'report/preparer', name: 'Jane Bookkeeper' }]);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(ranBy(downloads[0])).toBe('Jane Bookkeeper');

    // Answered: the next report goes straight on, and the result says which name the reports print.
    expect(screen.queryByRole('textbox', { name: 'Your name on the report' })).toBeNull();
    expect(screen.getByText(/^Reports name you as Jane Bookkeeper\./)).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Download the report (CSV)' })));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(p.bg.sentOfType('report/preparer')).toHaveLength(1);
  });

  it('"Continue without a name" is an answer: the report says who ran it as before, and is not asked again', async () => {
    const downloads: DownloadFile[] = [];
    const opened: string[] = [];
    const p = await renderPopup(state(), {
      download: (f) => void downloads.push(f),
      openReport: (id) => void opened.push(id),
    });
    keepsName(p);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Print the report' })));
    expect(opened).toEqual([]);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Continue without a name' })));
    expect(p.bg.sentOfType('report/preparer')).toEqual([{ type: 'report/preparer', name: '' }]);
    expect(opened).toEqual([REPORT_JOB.id]);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Download the report (CSV)' })));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(ranBy(downloads[0])).toBe('Safe Delete on this browser');
    expect(screen.getByRole('button', { name: 'Add your name' })).toBeTruthy();
  });

  it('can be changed later, or the change cancelled', async () => {
    const p = await renderPopup(state({ preparer: 'Jane Bookkeeper' }), { download: () => undefined });
    keepsName(p);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Change name' })));
    const field = screen.getByRole('textbox', { name: 'Your name on the report' }) as HTMLInputElement;
    expect(field.value).toBe('Jane Bookkeeper');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(p.bg.sentOfType('report/preparer')).toEqual([]);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Change name' })));
    fireEvent.input(screen.getByRole('textbox', { name: 'Your name on the report' }), {
      target: { value: 'J. Bookkeeper, CPA' },
    });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Save name' })));
    expect(p.bg.sentOfType('report/preparer')).toEqual([{ type: 'report/preparer', name: 'J. Bookkeeper, CPA' }]);
    expect(screen.getByText(/^Reports name you as J\. Bookkeeper, CPA\./)).toBeTruthy();
  });

  it('the printable report prints it', async () => {
    const bg = fakeBackground(state({ preparer: 'Jane Bookkeeper' }));
    const model = createPopupModel(bg);
    await model.tick();
    render(<ReportPage model={model} runId={REPORT_JOB.id} onPrint={() => undefined} locale="en-US" />);
    const ranByValue = [...document.querySelectorAll('.report-header dt')].find((dt) => dt.textContent === 'Ran by');
    expect(ranByValue?.nextElementSibling?.textContent).toBe('Jane Bookkeeper');
  });
});
