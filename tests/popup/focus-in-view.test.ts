import { describe, expect, it } from 'vitest';
import { scrollToShow } from '../../lib/popup/focus-in-view';

describe('scrollToShow: a focused control between the top bar (40 px) and the deck (at 480 px)', () => {
  it.each([
    ['between them: no scroll', { top: 200, bottom: 232 }, 0],
    ['under the deck: down by just enough', { top: 470, bottom: 502 }, 30],
    ['under the top bar: up by just enough', { top: 20, bottom: 52 }, -28],
    ['taller than the room: its top first', { top: 300, bottom: 900 }, 252],
  ])('%s', (_, box, by) => {
    expect(scrollToShow(box, 40, 480)).toBe(by);
  });
});
