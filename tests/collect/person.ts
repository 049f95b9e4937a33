/**
 * The person's gestures in happy-dom, where no event is ever trusted: the events this helper
 * dispatches are recorded as trusted, and the collector is given `isTrusted` to ask. Everything
 * else (`element.click()`, a page script's dispatchEvent) stays untrusted, as in a browser.
 */
export function createPerson() {
  const trusted = new WeakSet<Event>();
  const dispatch = (target: Element, event: Event) => {
    trusted.add(event);
    target.dispatchEvent(event);
  };
  return {
    isTrusted: (event: Event) => trusted.has(event),
    /** A real click: pointerdown, mousedown, then click (which toggles a native checkbox). */
    click(target: Element | null | undefined, init: MouseEventInit = {}) {
      if (!target) throw new Error('nothing to click');
      const opts = { bubbles: true, cancelable: true, composed: true, ...init };
      dispatch(target, new PointerEvent('pointerdown', opts));
      dispatch(target, new MouseEvent('mousedown', opts));
      dispatch(target, new MouseEvent('click', opts));
    },
    /** A real key press on the focused element. */
    key(target: Element | null | undefined, key: string) {
      if (!target) throw new Error('nothing to press a key on');
      dispatch(target, new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, composed: true }));
      dispatch(target, new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true, composed: true }));
    },
  };
}
