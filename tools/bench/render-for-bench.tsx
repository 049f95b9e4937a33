/**
 * Render-time check for the benchmark: mounts the real popup (model + components) on a given
 * PopupState, synchronously, and reports how long the first render took and how many list rows
 * exist in the DOM (the windowed list must keep that small whatever the selection size).
 */
import { render } from 'preact';
import { App } from '../../components/App';
import type { PopupState } from '../../lib/messaging/views';
import { createPopupModel, type PopupApi, type PopupModel } from '../../lib/popup/model';

/** The model holding `state`, as the popup's first poll leaves it (the answer parsed), not rendered. */
export async function popupModelForBench(state: PopupState): Promise<PopupModel> {
  // Every message answers the one state (the bench only polls).
  const model = createPopupModel({ send: async () => ({ ok: true, data: state }) } as PopupApi);
  await model.tick();
  return model;
}

export async function renderPopupForBench(
  state: PopupState | PopupModel,
  container: HTMLElement = document.body.appendChild(document.createElement('div')),
): Promise<{ ms: number; rowElements: number; unmount: () => void }> {
  const model = 'tick' in state ? state : await popupModelForBench(state);
  const start = performance.now();
  render(<App model={model} />, container);
  const ms = performance.now() - start;
  return {
    ms,
    rowElements: container.querySelectorAll('li.row').length,
    unmount: () => render(null, container),
  };
}
