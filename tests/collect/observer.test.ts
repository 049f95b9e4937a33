// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchDom } from '../../lib/collect/observer';
import { createFakeTimers, settle } from './fake-timers';

describe('watchDom', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function start(extra: Partial<Parameters<typeof watchDom>[0]> = {}) {
    const clock = createFakeTimers();
    const controller = new AbortController();
    const onChange = vi.fn();
    const watch = watchDom({
      root: document,
      signal: controller.signal,
      onChange,
      timers: clock.timers,
      now: clock.now,
      ...extra,
    });
    return { clock, controller, onChange, watch };
  }

  it('debounces a burst of DOM changes into one callback', async () => {
    const { clock, onChange } = start();
    for (let i = 0; i < 5; i++) {
      document.body.append(document.createElement('div'));
      await settle();
      clock.advance(100);
    }
    expect(onChange).not.toHaveBeenCalled();
    clock.advance(150);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('still calls back during an endless burst (max wait)', async () => {
    const { clock, onChange } = start({ debounceMs: 150, maxWaitMs: 1000 });
    for (let i = 0; i < 30; i++) {
      document.body.append(document.createElement('div'));
      await settle();
      clock.advance(100);
    }
    expect(onChange.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('reacts to aria-checked flips, checkbox clicks and change events', async () => {
    document.body.innerHTML = '<span role="checkbox" aria-checked="false"></span><input type="checkbox">';
    const { clock, onChange } = start();
    document.querySelector('[role=checkbox]')?.setAttribute('aria-checked', 'true');
    await settle();
    clock.advance(150);
    expect(onChange).toHaveBeenCalledTimes(1);
    (document.querySelector('input') as HTMLInputElement).click();
    clock.advance(150);
    expect(onChange).toHaveBeenCalledTimes(2);
    document.querySelector('input')?.dispatchEvent(new Event('change', { bubbles: true }));
    clock.advance(150);
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('ignores mutations made only of its own nodes', async () => {
    const { clock, onChange } = start({ ignoreNode: (n) => (n as Element).id === 'ours' });
    const ours = document.createElement('i');
    ours.id = 'ours';
    document.body.append(ours);
    await settle();
    clock.advance(500);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('stops on abort: no callback, no timer, no listener', async () => {
    const { clock, controller, onChange, watch } = start();
    document.body.append(document.createElement('div'));
    await settle();
    controller.abort();
    expect(clock.pendingCount()).toBe(0);
    document.body.append(document.createElement('div'));
    document.body.click();
    watch.trigger();
    await settle();
    clock.advance(1000);
    expect(onChange).not.toHaveBeenCalled();
    expect(clock.pendingCount()).toBe(0);
  });

  it('does nothing when started with an aborted signal', async () => {
    const clock = createFakeTimers();
    const onChange = vi.fn();
    watchDom({ root: document, signal: AbortSignal.abort(), onChange, timers: clock.timers, now: clock.now });
    document.body.append(document.createElement('div'));
    await settle();
    clock.advance(1000);
    expect(onChange).not.toHaveBeenCalled();
  });
});
