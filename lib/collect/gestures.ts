/**
 * The person's recent gestures: trusted pointer, mouse, click and key events, recorded in the capture
 * phase on the window (before any page listener, when the content script starts at document_start).
 * A tick counts as the person's only when such a gesture came right before it (provenance.ts).
 *
 * Only these events are judged: the `change` and `input` events a checkbox fires after a script calls
 * `element.click()` are trusted in Chromium, while that click itself is not. Scrolling is not a
 * gesture: it says which rows the person looks at, not which they want.
 */
import { LABEL_SELECTOR } from './selectors';

/** How long after a trusted gesture a tick in the gesture's row still counts as the person's. */
export const GESTURE_WINDOW_MS = 1500;
/**
 * How long after the person turns a select-all on the rows seen ticked still count as ticked by that
 * gesture. The web app ticks them in the click's own task or its next render, and the collector scans
 * right after a click on a checkbox (and within its 1 s max wait otherwise), so 1.5 s covers a slow
 * render of a long page; a row ticked later (a virtualized grid rendering rows as the person scrolls,
 * a script acting 30 s on) is the page's, which the person can adopt in the popup. It is the gesture
 * window: a select-all gesture is judged at the first scan that sees it in the log, so a longer
 * window would never apply anyway.
 */
export const SELECT_ALL_WINDOW_MS = GESTURE_WINDOW_MS;
export const GESTURE_EVENTS = ['pointerdown', 'mousedown', 'click', 'keydown'] as const;
/** Enough for a burst of clicks and keys; older ones fall out of the window anyway. */
const MAX_KEPT = 32;

export interface Gesture {
  target: Element;
  at: number;
  type: (typeof GESTURE_EVENTS)[number];
  /**
   * The label the person clicked, when this is the click the browser forwards from it to its control
   * (trusted too in Chromium and Firefox, even to a control that is not rendered): where the person
   * pointed is the label, not the control.
   */
  viaLabel?: Element;
}

export interface GestureLog {
  /** Trusted gestures of the last GESTURE_WINDOW_MS, oldest first. */
  recent(now: number): Gesture[];
}

export interface GestureOptions {
  /** Where to listen (the window). */
  target: EventTarget;
  now(): number;
  isTrusted(event: Event): boolean;
  signal: AbortSignal;
}

export const defaultIsTrusted = (event: Event): boolean => event.isTrusted === true;

/** The label whose click (`previous`) the browser forwards as this click on `target`, if it is one. */
function forwardingLabel(previous: Gesture | undefined, target: Element): Element | undefined {
  if (previous?.type !== 'click' || previous.target === target) return undefined;
  const label = previous.target.closest(LABEL_SELECTOR);
  return label !== null && label.control === target ? label : undefined;
}

export function watchGestures({ target, now, isTrusted, signal }: GestureOptions): GestureLog {
  const log: Gesture[] = [];
  const prune = (t: number) => {
    while (log.length > 0 && ((log[0] as Gesture).at < t - GESTURE_WINDOW_MS || log.length > MAX_KEPT)) log.shift();
  };
  const onEvent = (event: Event) => {
    const el = event.target as Element | null;
    if (!isTrusted(event) || el?.nodeType !== 1) return;
    const at = now();
    const type = event.type as Gesture['type'];
    const gesture: Gesture = { target: el, at, type };
    const viaLabel = type === 'click' ? forwardingLabel(log.at(-1), el) : undefined;
    if (viaLabel) gesture.viaLabel = viaLabel;
    log.push(gesture);
    prune(at);
  };
  if (!signal.aborted) {
    for (const type of GESTURE_EVENTS) target.addEventListener(type, onEvent, { capture: true, signal });
  }
  return {
    recent(t) {
      prune(t);
      return log.filter((g) => g.at <= t);
    },
  };
}
