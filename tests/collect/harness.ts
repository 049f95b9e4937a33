/**
 * Starts the real collector on the test document with manual timers, the person's trusted gestures
 * (person.ts) and a fake background: `page/hello` answers `company.realmId`, `selection/report`
 * answers `replyTo(report)` (accepted, nothing refused, by default).
 */
import { vi } from 'vitest';
import { type Collector, startCollector } from '../../lib/collect/collector';
import type { ContentMessage, SelectionReportData } from '../../lib/messaging/content-protocol';
import type { ContentSend } from '../../lib/messaging/protocol';
import { createFakeTimers, settle } from './fake-timers';
import { createPerson } from './person';

export interface HarnessOptions {
  realmId?: string | undefined;
  replyTo?: (report: SelectionReportData) => unknown;
  /** Answers `page/hello` instead of `realmId` (to hold or fail it). */
  hello?: () => Promise<unknown>;
}

export function startHarness(url: string, options: HarnessOptions = {}) {
  const clock = createFakeTimers();
  const person = createPerson();
  const controller = new AbortController();
  const company = { realmId: 'realmId' in options ? options.realmId : '9130350000000001' };
  let replyTo = options.replyTo ?? (() => ({ ok: true, data: { selected: 0, refused: [] } }));
  const send = vi.fn(async (message: ContentMessage): Promise<unknown> => {
    if (message.type === 'page/hello') {
      if (options.hello) return options.hello();
      return { ok: true, data: company.realmId ? { realmId: company.realmId } : {} };
    }
    return replyTo(message.data);
  });
  let location = url;
  let navigate: () => void = () => {};
  const collector: Collector = startCollector({
    document,
    location: () => location,
    now: clock.now,
    // The fake background answers whatever a test chooses (malformed answers too): asserted to the map's sender.
    send: send as ContentSend,
    signal: controller.signal,
    onLocationChange: (listener) => {
      navigate = listener;
    },
    isTrusted: person.isTrusted,
    timers: clock.timers,
  });
  /** Every selection/report sent, oldest first. */
  const sent = () =>
    send.mock.calls.flatMap(([m]) => (m.type === 'selection/report' ? [m.data as SelectionReportData] : []));
  const hellos = () => send.mock.calls.filter(([m]) => m.type === 'page/hello').map(([m]) => m.data);
  /** Lets the DOM settle, the debounce pass and queued sends finish. */
  const tick = async () => {
    await settle();
    clock.advance(150);
    await collector.idle();
    await settle();
    clock.advance(150);
    await collector.idle();
  };
  const goTo = (next: string) => {
    location = next;
    navigate();
  };
  const setReply = (fn: (report: SelectionReportData) => unknown) => {
    replyTo = fn;
  };
  return { clock, controller, collector, company, person, send, sent, hellos, tick, goTo, setReply };
}

export const keysOf = (items: { entity: string; id: string }[]) => items.map((i) => `${i.entity}:${i.id}`);
/** Our own checkboxes, found the way assistive technology names them. */
export const ownBoxes = () => [
  ...document.querySelectorAll<HTMLInputElement>('input[type=checkbox][aria-label="Select for deletion"]'),
];
export const rowBoxes = () => [...document.querySelectorAll<HTMLInputElement>('tr.txn-row input[type=checkbox]')];
/** The txnId of the row holding `el`. */
export const idOf = (el: Element | undefined) =>
  el
    ?.closest('tr, [role=row], .dgrid-row')
    ?.querySelector('a[href*="txnId"]')
    ?.getAttribute('href')
    ?.match(/txnId=(\d+)/)?.[1];
