// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { PageMessage, Reply } from '../../lib/messaging/protocol';
import { createPopupModel, type PopupApi, RECONNECT_AFTER_FAILURES } from '../../lib/popup/model';
import { fakeBackground, popupState } from './fixtures';

describe('popup model', () => {
  it('polls state/get with the version it holds and keeps its state on "unchanged"', async () => {
    const bg = fakeBackground(popupState({ version: 7 }));
    const model = createPopupModel(bg);
    await model.tick();
    await model.tick();
    expect(bg.sentOfType('state/get')).toEqual([
      { type: 'state/get', sinceVersion: undefined },
      { type: 'state/get', sinceVersion: 7 },
    ]);
    expect(model.state.value?.version).toBe(7);
  });

  it('survives a worker restart: Reconnecting only after 3 failures in a row, gone on the next answer', async () => {
    const bg = fakeBackground(popupState());
    const model = createPopupModel(bg);
    await model.tick();
    bg.fail = true;
    for (let i = 1; i < RECONNECT_AFTER_FAILURES; i++) {
      await model.tick();
      expect(model.reconnecting.value).toBe(false);
    }
    await model.tick();
    expect(model.reconnecting.value).toBe(true);
    expect(model.state.value?.version).toBe(1); // the last known state stays on screen
    bg.fail = false;
    await model.tick();
    expect(model.reconnecting.value).toBe(false);
  });

  it('never lets a slow poll overwrite the state an action returned', async () => {
    let releasePoll: (r: Reply<unknown>) => void = () => {};
    const api = {
      send(m: PageMessage): Promise<Reply<unknown>> {
        if (m.type === 'state/get' && m.sinceVersion === 1) return new Promise((r) => (releasePoll = r));
        if (m.type === 'state/get') return Promise.resolve({ ok: true, data: popupState({ version: 1 }) });
        return Promise.resolve({ ok: true, data: popupState({ version: 2, selection: [] }) });
      },
    };
    // One fixed answer per kind of message: typed loosely, so asserted to the map's channel.
    const model = createPopupModel(api as PopupApi);
    await model.tick();
    const slow = model.tick(); // answered after the action below
    await model.clearSelection();
    releasePoll({ ok: true, data: popupState({ version: 1 }) });
    await slow;
    expect(model.state.value?.version).toBe(2);
    expect(model.selection.value).toEqual([]);
  });

  it('polls again right after an action', async () => {
    const bg = fakeBackground(popupState());
    const model = createPopupModel(bg);
    await model.tick();
    await model.checkAgain();
    expect(bg.sent.map((m) => m.type)).toEqual(['state/get', 'preflight/run', 'state/get']);
  });

  it('ticks the clock and polls every second once started, until stopped', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const bg = fakeBackground(popupState());
      const model = createPopupModel(bg);
      model.start();
      model.start(); // idempotent
      await vi.advanceTimersByTimeAsync(3000);
      expect(bg.sentOfType('state/get')).toHaveLength(4);
      expect(model.now.value).toBe(1_003_000);
      model.stop();
      await vi.advanceTimersByTimeAsync(3000);
      expect(bg.sentOfType('state/get')).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects a state that does not match the contract (counts as a failure)', async () => {
    // A malformed state on purpose: the wire can carry what the map's types rule out.
    const model = createPopupModel({ send: async () => ({ ok: true, data: { version: 'x' } }) } as unknown as PopupApi);
    for (let i = 0; i < RECONNECT_AFTER_FAILURES; i++) await model.tick();
    expect(model.state.value).toBeUndefined();
    expect(model.reconnecting.value).toBe(true);
  });
});
