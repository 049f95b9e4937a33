/** Shared by the find tools' popup tests: the full view with a background answering the find messages. */
import { fireEvent, screen } from '@testing-library/preact';
import axe from 'axe-core';
import type { PageMessage, Reply } from '../../lib/messaging/protocol';
import type { PopupState } from '../../lib/messaging/views';
import { popupState, renderPopup, settle } from './fixtures';

export const COMPANY = { ...popupState().connection, companyName: 'Alpha Co' };

/** The full view, connected to Alpha Co; `answers` replies per message type (others: the state). */
export async function renderFind(
  answers: Partial<Record<PageMessage['type'], (m: PageMessage) => Reply<unknown>>>,
  state: PopupState = popupState({ connection: COMPANY }),
) {
  // The module the view fetches, transformed once before the view asks (a first transform under
  // load can outlast findBy's one second: that would time the machine, not the view).
  await import('../../components/find/FindTools');
  const p = await renderPopup(state, {}, { full: true });
  p.bg.reply = (m) => answers[m.type]?.(m) ?? { ok: true, data: p.bg.state };
  // The tools arrive by a dynamic import(): wait for them.
  await screen.findByRole('button', { name: 'Find transactions' });
  return p;
}

export async function openTool(name: 'Find transactions' | 'Import a list' | 'Find likely duplicates') {
  await settle(() => fireEvent.click(screen.getByRole('button', { name })));
}

export function type(label: string | RegExp, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

/** axe-core on the view, every impact (colour contrast needs layout: the screens tool looks at it). */
export async function violations(container: Element): Promise<string[]> {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}
