// @vitest-environment happy-dom
/**
 * Every report is bound to the company the page was LOADED under: the content script asks
 * `page/hello` once at start (again after a client-side navigation only while the company is still
 * unknown), and reports wait for that answer. A stale tab stays stale until it reloads.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { settle } from './fake-timers';
import { rowBoxes, startHarness } from './harness';
import { mountPage } from './load-page';

const SALES = 'https://app.qbo.intuit.com/app/sales';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('page company binding', () => {
  it('reports carry the load-time company; a different answer after navigation changes nothing', async () => {
    mountPage('sim-sales-table.html');
    const { company, hellos, person, sent, tick, goTo } = startHarness(SALES, { realmId: '111' });
    person.click(rowBoxes()[0]);
    await tick();
    expect(hellos()).toEqual([{ pageUrl: SALES, host: 'app.qbo.intuit.com' }]);
    expect(sent()[0]?.pageCompany).toBe('111');
    // Another tab opens company 222 (the cookie is one per browser); this page still shows 111's rows.
    company.realmId = '222';
    goTo(`${SALES}?page=2`);
    person.click(rowBoxes()[1]);
    await tick();
    expect(hellos()).toHaveLength(1);
    expect(sent().map((r) => r.pageCompany)).toEqual(['111', '111']);
  });

  it('an unknown company is asked again after navigation, then kept', async () => {
    mountPage('sim-sales-table.html');
    const { company, hellos, person, sent, tick, goTo } = startHarness(SALES, { realmId: undefined });
    person.click(rowBoxes()[0]);
    await tick();
    expect(sent()[0]?.pageCompany).toBeNull();
    company.realmId = '333';
    goTo(`${SALES}?page=2`);
    person.click(rowBoxes()[1]);
    await tick();
    company.realmId = '444';
    goTo(`${SALES}?page=3`);
    person.click(rowBoxes()[2]);
    await tick();
    expect(hellos().map((h) => h.pageUrl)).toEqual([SALES, `${SALES}?page=2`]);
    expect(sent().map((r) => r.pageCompany)).toEqual([null, '333', '333']);
  });

  it('reports wait for the hello’s answer', async () => {
    mountPage('sim-sales-table.html');
    let answer: (value: unknown) => void = () => {};
    const held = new Promise((resolve) => {
      answer = resolve;
    });
    const { clock, collector, person, send, sent } = startHarness(SALES, { hello: () => held });
    person.click(rowBoxes()[0]);
    await settle();
    clock.advance(1000); // scans done, the report queued behind the unanswered hello
    await settle();
    expect(send).toHaveBeenCalledTimes(1); // the hello only
    answer({ ok: true, data: { realmId: '555' } });
    await collector.idle();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.pageCompany).toBe('555');
    expect(sent()[0]?.added).toHaveLength(1);
  });

  it('a hello that throws (background asleep) is retried like a failed send, and the reports follow it', async () => {
    mountPage('sim-sales-table.html');
    let calls = 0;
    const hello = async () => {
      calls++;
      if (calls === 1) throw new Error('Could not establish connection. Receiving end does not exist.');
      return { ok: true, data: { realmId: '666' } };
    };
    const { clock, collector, person, sent, tick } = startHarness(SALES, { hello });
    person.click(rowBoxes()[0]);
    await tick();
    expect(calls).toBe(1);
    expect(sent()).toEqual([]);
    clock.advance(2000);
    await collector.idle();
    expect(calls).toBe(2);
    expect(sent().map((r) => r.pageCompany)).toEqual(['666']);
    expect(collector.pageCompany()).toBe('666');
  });

  it('a refused report ({ ok: false }) is final: never re-sent', async () => {
    mountPage('sim-sales-table.html');
    const replyTo = () => ({ ok: false, error: 'This tab still shows another company. Reload it.' });
    const { clock, collector, person, sent, tick } = startHarness(SALES, { replyTo });
    person.click(rowBoxes()[0]);
    await tick();
    clock.advance(10_000);
    await collector.idle();
    expect(sent()).toHaveLength(1);
    person.click(rowBoxes()[1]);
    await tick();
    expect(sent()).toHaveLength(2);
    expect(sent()[1]?.added).toHaveLength(1); // only the new change
  });
});
