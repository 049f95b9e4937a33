/**
 * The popup's top bar and its deck stay in view (position: sticky) over the page that scrolls under
 * them. The browser scrolls a focused control into the window, not out from under those bars: a
 * control reached with Tab could sit hidden behind the deck. On each focus this scrolls the page by
 * just enough to show the control between the bars (a control inside a bar is always in view). A
 * pointer's press is left alone: what it pressed is where the pointer is.
 */

/** The selectors of the bars that stay in view at the top and at the bottom. */
const TOP_BAR = '.topbar';
const DECK = '.deck';
/** Room left between the control's focus ring and a bar. */
const MARGIN = 8;

/** How far to scroll the page (positive: down) so `box` sits between `top` and `bottom`; 0 when it does. */
export function scrollToShow(box: { top: number; bottom: number }, top: number, bottom: number): number {
  if (box.bottom + MARGIN > bottom) return Math.min(box.bottom + MARGIN - bottom, box.top - MARGIN - top);
  if (box.top - MARGIN < top) return box.top - MARGIN - top;
  return 0;
}

/** Starts keeping focused controls out from under the bars; returns the function that stops it. */
export function keepFocusInView(doc: Document): () => void {
  let pressing = false;
  const onPress = () => {
    pressing = true;
  };
  const onRelease = () => {
    pressing = false;
  };
  const onFocus = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || target.closest(`${TOP_BAR}, ${DECK}`)) return;
    // Not while a pointer presses: a press focuses its button on pointerdown, and scrolling then would
    // move the button from under the pointer before pointerup, so the click would never happen.
    if (pressing) return;
    const bar = doc.querySelector(TOP_BAR)?.getBoundingClientRect();
    const deck = doc.querySelector(DECK);
    // The deck stops being sticky while a restore form is open (style.css): then it covers nothing.
    const deckTop =
      deck && getComputedStyle(deck).position === 'sticky' ? deck.getBoundingClientRect().top : innerHeight;
    const by = scrollToShow(target.getBoundingClientRect(), bar?.bottom ?? 0, deckTop);
    if (by !== 0) doc.defaultView?.scrollBy(0, by);
  };
  const listeners = [
    ['pointerdown', onPress],
    ['pointerup', onRelease],
    ['pointercancel', onRelease],
    ['focusin', onFocus],
  ] as const;
  for (const [type, listener] of listeners) doc.addEventListener(type, listener as EventListener, true);
  return () => {
    for (const [type, listener] of listeners) doc.removeEventListener(type, listener as EventListener, true);
  };
}
