/**
 * What the view's click does, as the background keeps it with the client's selection
 * (PopupState.choice, lib/domain/choice.ts): "Void instead of delete" and the opt-ins are never
 * the view's own, so the popup reopened and the full view show the choice the person made. A tick
 * is sent as `selection/choose` and shown at once, until the background's answer shows it (or,
 * refused, shows the stored choice again).
 */
import { computed, effect, type ReadonlySignal, signal } from '@preact/signals';
import { type Choice, type ChoicePatch, NO_CHOICE } from '../domain/choice';
import { VOID } from '../domain/operations';
import type { PopupState } from '../messaging/views';

export function createChoice(
  state: ReadonlySignal<PopupState | undefined>,
  send: (choice: ChoicePatch) => Promise<boolean>,
) {
  /** The ticks sent and not answered yet, shown over the stored choice meanwhile. */
  const asked = signal<ChoicePatch | undefined>(undefined);
  let inFlight = 0;
  let sent: Promise<unknown> = Promise.resolve();
  /** The state the popup held when the last answer came: a state fetched after it holds the tick. */
  let heldAtAnswer: PopupState | undefined;
  const choice = computed<Choice>(() => ({ ...(state.value?.choice ?? NO_CHOICE), ...asked.value }));
  const shows = (patch: ChoicePatch) => {
    const stored = state.peek()?.choice;
    return !!stored && Object.entries(patch).every(([k, v]) => stored[k as keyof Choice] === v);
  };
  // Answered ticks stay shown until the background's state shows them: clearing them at the answer
  // showed the old choice for a moment (a ticked box unticked itself until the next state came).
  effect(() => {
    const current = state.value;
    const patch = asked.peek();
    if (patch && inFlight === 0 && (current !== heldAtAnswer || shows(patch))) asked.value = undefined;
  });
  return {
    choice,
    includeReconciled: computed(() => choice.value.includeReconciled),
    includeLinked: computed(() => choice.value.includeLinked),
    includeInventory: computed(() => choice.value.includeInventory === true),
    /** "Void instead of delete": the click voids what the service can void. */
    voidInstead: computed(() => choice.value.operation === VOID.kind),
    /** The choice as the plan and the announcements read it (tracked where it is read). */
    options: () => {
      const { includeReconciled, includeLinked, operation } = choice.value;
      // "Include inventory transactions" is named only when ticked (absent: off).
      const inventory = choice.value.includeInventory === true ? { includeInventory: true } : {};
      return { includeReconciled, includeLinked, ...inventory, voidInstead: operation === VOID.kind };
    },
    /** The person ticked or unticked one of the options: stored with the selection, for every view. */
    async choose(patch: ChoicePatch): Promise<boolean> {
      asked.value = { ...asked.peek(), ...patch };
      inFlight += 1;
      const answer = send(patch);
      sent = answer;
      let ok = false;
      try {
        ok = await answer;
        return ok;
      } finally {
        inFlight -= 1;
        heldAtAnswer = state.peek();
        const patch = asked.peek();
        if (inFlight === 0 && patch && (!ok || shows(patch))) asked.value = undefined;
      }
    },
    /** Resolves once every tick sent so far is answered (a click right after a tick waits for it). */
    settled: async (): Promise<void> => {
      let last: Promise<unknown> | undefined;
      while (last !== sent) {
        last = sent;
        await last;
      }
    },
  };
}
