import '../../lib/zod-setup';
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { App } from '../../components/App';
import { downloadFile } from '../../lib/popup/download';
import { createPopupModel } from '../../lib/popup/model';
import { hostAccessApi, runtimeApi } from './api';
import './style.css';

/** popup.html?view=full: the same app in a tab ("Open full view"), fluid, with search and sort. */
const params = new URLSearchParams(location.search);
/** popup.html?view=report&run=<job id>: a run's printable report in a tab ("Print the report"). */
const reportRun = params.get('view') === 'report' ? params.get('run') : null;
const full = params.get('view') === 'full' || reportRun !== null;
if (full) document.documentElement.classList.add(reportRun === null ? 'full-view' : 'report-view');

const model = createPopupModel(runtimeApi, {
  download: (file) => downloadFile(file),
  hostAccess: hostAccessApi,
  version: browser.runtime.getManifest().version,
  openFullView: (at) => {
    const url = at === 'find' ? '/popup.html?view=full#find' : '/popup.html?view=full';
    void browser.tabs.create({ url: browser.runtime.getURL(url) });
    window.close();
  },
  openReport: (jobId) => {
    const url = browser.runtime.getURL(`/popup.html?view=report&run=${encodeURIComponent(jobId)}`);
    void browser.tabs.create({ url });
  },
});
const root = document.getElementById('app') as HTMLElement;
if (reportRun === null) render(<App model={model} full={full} />, root);
// The report page is loaded only here (its own chunk): the popup's bundle stays small.
else
  import('../../components/ReportPrint').then(
    ({ ReportPage }) =>
      render(
        <ReportPage
          model={model}
          runId={reportRun}
          version={browser.runtime.getManifest().version}
          onPrint={() => window.print()}
          onTitle={(title) => {
            document.title = title;
          }}
        />,
        root,
      ),
    () => {
      root.textContent = 'The report could not be loaded. Reload this page.';
    },
  );

/**
 * The popup opens on the client in view: it names the active tab first, so its first state is that
 * tab's QuickBooks company (lib/background/view-tab.ts). The full view is a tab of its own: it shows
 * the company of the last QuickBooks page.
 */
async function focusActiveTab(): Promise<void> {
  if (full) return;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true }).catch(() => []);
  if (tab?.id === undefined) return;
  await runtimeApi.send({ type: 'view/tab', tabId: tab.id }).catch(() => undefined);
}
const start = () => void focusActiveTab().finally(() => model.start());
start();
// Stop polling when the popup or tab goes away; start again if the page is restored from cache.
addEventListener('pagehide', () => model.stop());
addEventListener('pageshow', (event) => {
  if (event.persisted) start();
});
