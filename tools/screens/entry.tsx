/**
 * Page-side entry of the screens tool: the real popup (model + components) on a PopupState the
 * tool puts in `globalThis.__screenState`, in the popup or the full view.
 */
import { render } from 'preact';
import { App } from '../../components/App';
import type { PopupState } from '../../lib/messaging/views';
import { createPopupModel, type PopupApi } from '../../lib/popup/model';

const g = globalThis as unknown as { __screenState: PopupState; __screenFull: boolean; __screenReady?: boolean };
const model = createPopupModel({ send: async () => ({ ok: true, data: g.__screenState }) } as PopupApi, {
  // The buttons that open the full view and the report are shown as in the extension; here they go nowhere.
  openFullView: () => undefined,
  openReport: () => undefined,
});
if (g.__screenFull) document.documentElement.classList.add('full-view');
void model.tick().then(() => {
  render(<App model={model} full={g.__screenFull} />, document.getElementById('app') as HTMLElement);
  g.__screenReady = true;
});
