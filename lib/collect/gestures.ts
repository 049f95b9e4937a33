/**
 * The person's recent gestures: trusted pointer, mouse, click and key events, recorded in the capture
 * phase on the window (before any page listener, when the content script starts at document_start).
 * A tick counts as the person's only when such a gesture came right before it (provenance.ts).
 *
 * Only these events are judged: the `change` and `input` events a checkbox fires after a script calls
 * `element.click()` are trusted in Chromium, while that click itself is not.
 */

/** How long after a trusted gesture a tick in the gesture's row still counts as the person's. */
export const GESTURE_WINDOW_MS = 1500;
export const GESTURE_EVENTS = ['pointerdown', 'mousedown', 'click', 'keydown'] as const;
/** Enough for a burst of clicks and keys; older ones fall out of the window anyway. */
const MAX_KEPT = 32;

export interface Gesture {
  target: Element;
  at: number;
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

export function watchGestures({ target, now, isTrusted, signal }: GestureOptions): GestureLog {
  const log: Gesture[] = [];
  const prune = (t: number) => {
    while (log.length > 0 && ((log[0] as Gesture).at < t - GESTURE_WINDOW_MS || log.length > MAX_KEPT)) log.shift();
  };
  const onEvent = (event: Event) => {
    const el = event.target as Element | null;
    if (!isTrusted(event) || el?.nodeType !== 1) return;
    const at = now();
    log.push({ target: el, at });
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
