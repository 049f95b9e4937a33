/**
 * A tick of an option is shown at once and stays shown until the background's state shows it: the
 * answer to `selection/choose` can come before the state that holds the tick, and the box must not
 * untick itself in between. A refused tick shows the stored choice again.
 */
import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { NO_CHOICE } from '../../lib/domain/choice';
import type { PopupState } from '../../lib/messaging/views';
import { createChoice } from '../../lib/popup/choice';

const stateWith = (includeLinked: boolean) => ({ choice: { ...NO_CHOICE, includeLinked } }) as unknown as PopupState;

describe('an option ticked in the popup', () => {
  it('stays ticked between the answer and the state that shows it', async () => {
    const state = signal<PopupState | undefined>(stateWith(false));
    const choice = createChoice(state, async () => true);
    const done = choice.choose({ includeLinked: true });
    expect(choice.includeLinked.value).toBe(true);
    await done; // answered; the state still holds the old choice
    expect(choice.includeLinked.value).toBe(true);
    state.value = stateWith(true);
    expect(choice.includeLinked.value).toBe(true);
    // The background's state is what counts from now on (another view unticks it).
    state.value = stateWith(false);
    expect(choice.includeLinked.value).toBe(false);
  });

  it('a state fetched after the answer is what shows, even when it differs', async () => {
    const state = signal<PopupState | undefined>(stateWith(false));
    const choice = createChoice(state, async () => true);
    await choice.choose({ includeLinked: true });
    state.value = stateWith(false); // another view unticked it meanwhile
    expect(choice.includeLinked.value).toBe(false);
  });

  it('refused, shows the stored choice again at the answer', async () => {
    const state = signal<PopupState | undefined>(stateWith(false));
    const choice = createChoice(state, async () => false);
    const done = choice.choose({ includeLinked: true });
    expect(choice.includeLinked.value).toBe(true);
    await done;
    expect(choice.includeLinked.value).toBe(false);
  });
});
