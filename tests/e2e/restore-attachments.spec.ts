/**
 * Undo that brings back the receipts, end to end: the production build in Chromium against the
 * simulator, under both readings of what a transaction's delete does to its attachments (`removed`:
 * the reference is dropped and a bare note is gone; `kept`: the reference stays, dangling). Six
 * invoices deleted through the popup, four with attachments seeded before the check (a file; a note
 * only; a file another user removes between the delete and the restore; a file with a note plus a
 * note of its own), then all six restored through the popup. Judged by the simulator's own
 * attachments: every surviving one references its record's new Id exactly once, the notes exist once
 * each on the new records (made again where the delete lost them, re-attached where it kept them),
 * and the popup's result names the removed file as no longer in QuickBooks.
 */
import type { Page } from '@playwright/test';
import { entityFromSlug } from '../../lib/domain/web-app';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import type { AttachableOnDelete } from '../../tools/simulator/attachables-control';
import { LedgerPage } from '../../tools/support/pages/ledger';
import type { PopupPage } from '../../tools/support/pages/popup';
import { untilFiled } from './extension-state';
import { expect, test } from './fixtures';
import { connectPopup, pick } from './helpers';

interface Attachable {
  Id: string;
  FileName?: string;
  Note?: string;
  AttachableRef?: { EntityRef?: { type?: string; value?: string } }[];
}

const LUNCH = 'Lunch.pdf';
const TAXI = 'Taxi.jpg';
const HOTEL = 'Hotel.pdf';
const CASH_NOTE = 'Paid in cash at the counter';
const HOTEL_NOTE = 'Room 12, two nights';
const APPROVED_NOTE = 'Approved by Sam';

const attachables = (sim: Simulator, realmId: string) => sim.attachables(realmId) as unknown as Attachable[];

/** How many of an attachment's references name `key` ("Invoice:812"). */
const refsTo = (a: Attachable, key: string) =>
  (a.AttachableRef ?? []).filter((r) => `${r.EntityRef?.type}:${r.EntityRef?.value}` === key).length;

const refOf = (key: string) => {
  const [type = '', value = ''] = key.split(':');
  return { type, value };
};

/** Old key → new key, read from the "Restored" group's two links per record. */
async function restoredMapping(page: Page): Promise<Map<string, string>> {
  const keyOf = (href: string) => {
    const url = new URL(href);
    return `${entityFromSlug(url.pathname.split('/').pop() ?? '')}:${url.searchParams.get('txnId')}`;
  };
  const olds = await page
    .getByRole('link', { name: /the deleted original of/ })
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  const news = await page
    .getByRole('link', { name: /the restored copy of/ })
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  expect(olds).toHaveLength(news.length);
  return new Map(olds.map((href, i) => [keyOf(href), keyOf(news[i] ?? '')]));
}

/** Six plain invoices on the list, four of them given attachments on the simulator before the check. */
async function seedAndTick(context: import('@playwright/test').BrowserContext, sim: Simulator, company: SeededCompany) {
  const ledger = await new LedgerPage(await context.newPage()).open('/app/invoices');
  const ids = await pick(ledger, company, 'Invoice', { plain: 6 });
  expect(ids).toHaveLength(6);
  const keys = ids.map((id) => `Invoice:${id}`);
  const [withFile = '', withNote = '', withRemoved = '', withBoth = ''] = keys;
  const seed = (key: string, a: { fileName?: string; note?: string }) =>
    String(sim.seedAttachable(company.realmId, { ...a, refs: [refOf(key)] }).Id);
  const seededIds = {
    lunch: seed(withFile, { fileName: LUNCH }),
    cash: seed(withNote, { note: CASH_NOTE }),
    taxi: seed(withRemoved, { fileName: TAXI }),
    hotel: seed(withBoth, { fileName: HOTEL, note: HOTEL_NOTE }),
    approved: seed(withBoth, { note: APPROVED_NOTE }),
  };
  for (const id of ids) await ledger.tick(id);
  await untilFiled(context, company.realmId, ids.length);
  return { keys, withFile, withNote, withRemoved, withBoth, ids: seededIds };
}

/** In the opened "Restored" group: the row of the record restored from `oldKey`. */
function restoredRow(popup: PopupPage, oldKey: string) {
  const id = oldKey.split(':')[1];
  return popup.page
    .locator('li.record')
    .filter({ has: popup.page.getByRole('link', { name: new RegExp(`^Id ${id}, the deleted original of`) }) });
}

for (const mode of ['removed', 'kept'] as const satisfies readonly AttachableOnDelete[]) {
  test.describe(`a transaction's delete ${mode === 'removed' ? 'drops' : 'keeps'} its attachments' references`, () => {
    test.use({
      seed: { count: 60, seed: 34 },
      simulatorOptions: { attachableOnDelete: mode },
    });

    test(`restore brings back the receipts and notes, each once on the new record, and names the removed one (${mode})`, async ({
      context,
      sim,
      company,
      openPopup,
    }) => {
      const started = Date.now();
      const { realmId } = company;
      const seeded = await seedAndTick(context, sim, company);
      const { keys, withFile, withNote, withRemoved, withBoth, ids } = seeded;
      expect(attachables(sim, realmId)).toHaveLength(5);

      // The check reads the attachments and the deletion keeps their metadata: deleted through the popup.
      const popup = await connectPopup(openPopup, company);
      await popup.waitForPreflight(6);
      await popup.deleteButton().click();
      expect((await popup.resultCounts()).Deleted).toBe(6);
      expect(sim.truth(realmId).deletedKeys().sort()).toEqual([...keys].sort());

      // What the delete did to them, as this mode says: the bare notes are gone, or every reference dangles.
      const afterDelete = attachables(sim, realmId);
      if (mode === 'removed') {
        expect(afterDelete.map((a) => a.Id).sort()).toEqual([ids.lunch, ids.taxi, ids.hotel].sort());
        for (const a of afterDelete) expect(a.AttachableRef ?? []).toEqual([]);
      } else {
        expect(afterDelete).toHaveLength(5);
        for (const a of afterDelete) expect(a.AttachableRef ?? []).toHaveLength(1);
      }
      // Another user removes one receipt between the delete and the restore.
      sim.removeAttachable(realmId, ids.taxi);

      // The preview says before the click which records come back with their attachments.
      await popup.page.getByRole('button', { name: 'Restore deleted records' }).click();
      const confirm = popup.page.getByRole('button', { name: 'Restore 6 records' });
      await expect(confirm).toBeVisible({ timeout: 60_000 });
      const attached = popup.page.getByRole('list', { name: '4 records come back with their attachments' });
      await expect(attached.getByRole('listitem')).toHaveCount(4);
      await expect(attached).toContainText(`Attachments: ${LUNCH}.`);
      await expect(attached).toContainText(`Attachments: ${HOTEL} and 1 note.`);
      await expect(popup.page.getByRole('list', { name: 'What cannot come back' })).not.toContainText('DocNumber');
      await attached.scrollIntoViewIfNeeded();
      await popup.page.screenshot({ path: test.info().outputPath(`restore-attachments-preview-${mode}.png`) });
      await confirm.click();
      await expect(popup.page.getByRole('heading', { name: /Finished/ })).toBeVisible({ timeout: 120_000 });
      const restored = popup.page.getByRole('button', { name: /^Restored \d+$/ });
      await expect(restored).toHaveText('Restored 6');
      if ((await restored.getAttribute('aria-expanded')) !== 'true') await restored.click();
      const mapping = await restoredMapping(popup.page);
      expect([...mapping.keys()].sort()).toEqual([...keys].sort());
      const created = sim.truth(realmId).createdKeys();
      expect([...mapping.values()].sort()).toEqual([...created].sort());
      const newKey = (oldKey: string) => mapping.get(oldKey) ?? '';

      // The simulator's own attachments: each surviving one on its record's new Id, exactly once.
      const now = attachables(sim, realmId);
      const byId = new Map(now.map((a) => [a.Id, a]));
      for (const [id, oldKey] of [
        [ids.lunch, withFile],
        [ids.hotel, withBoth],
      ] as const) {
        const a = byId.get(id);
        expect(a, `attachment ${id} still there`).toBeDefined();
        expect(refsTo(a as Attachable, newKey(oldKey)), `${a?.FileName} on ${newKey(oldKey)}`).toBe(1);
      }
      expect(byId.get(ids.hotel)?.Note).toBe(HOTEL_NOTE);
      // Each note exists once, on the new record: made again where the delete lost it, the same one where it kept it.
      for (const [text, id, oldKey] of [
        [CASH_NOTE, ids.cash, withNote],
        [APPROVED_NOTE, ids.approved, withBoth],
      ] as const) {
        const notes = now.filter((a) => a.Note === text && a.FileName === undefined);
        expect(notes, `"${text}" exists once`).toHaveLength(1);
        const [note] = notes;
        expect(refsTo(note as Attachable, newKey(oldKey))).toBe(1);
        // Where the delete lost it (gone after the delete, above) it can only be here because it was made
        // again; where the delete kept it, it is the same one (the simulator may reuse a freed Id).
        if (mode === 'kept') expect(note?.Id).toBe(id);
        else expect(afterDelete.some((a) => a.Id === id && a.Note === text)).toBe(false);
      }
      // No note made twice: one applied create per lost note, none where the delete kept them.
      const noteCreates = sim
        .requestLog(realmId)
        .filter(
          (e) =>
            e.method === 'POST' &&
            /\/attachable(\?|$)/.test(e.path) &&
            e.status === 200 &&
            !e.replayed &&
            !/"Id"/.test(e.body ?? ''),
        );
      expect(noteCreates).toHaveLength(mode === 'removed' ? 2 : 0);
      // The removed receipt stays gone; the records without attachments have none.
      expect(byId.has(ids.taxi)).toBe(false);
      for (const oldKey of keys.slice(4))
        expect(
          now.filter((a) => refsTo(a, newKey(oldKey)) > 0),
          oldKey,
        ).toEqual([]);
      expect(now.filter((a) => refsTo(a, newKey(withRemoved)) > 0)).toEqual([]);
      // Exactly once overall: every reference to a new record is to a different record or attachment.
      const newRefs = now.flatMap((a) =>
        [...mapping.values()].filter((k) => refsTo(a, k) > 0).map((k) => `${a.Id}→${k}`),
      );
      expect(newRefs).toHaveLength(4);
      for (const a of now) for (const k of mapping.values()) expect(refsTo(a, k)).toBeLessThanOrEqual(1);

      // The result says what became of each: the gone one named, none silently dropped.
      await expect(restoredRow(popup, withFile)).toContainText(`The receipt ${LUNCH} is attached again.`);
      await expect(restoredRow(popup, withRemoved)).toContainText(`The receipt ${TAXI} is no longer in QuickBooks.`);
      const both = restoredRow(popup, withBoth);
      await expect(both).toContainText(`The receipt ${HOTEL} is attached again.`);
      await expect(both.locator('.attachment-outcomes li')).toHaveCount(2);
      await expect(restoredRow(popup, withNote).locator('.attachment-outcomes li')).toHaveCount(1);
      await expect(restoredRow(popup, withNote)).toContainText(
        mode === 'removed' ? 'Its note was written again from the undo copy.' : 'Its note is attached again.',
      );
      await restoredRow(popup, withRemoved).scrollIntoViewIfNeeded();
      await popup.page.screenshot({ path: test.info().outputPath(`restore-attachments-result-${mode}.png`) });
      test.info().annotations.push({
        type: 'figures',
        description: `${mode}: 6 records, 5 attachments seeded, 1 removed, ${newRefs.length} on new records, ${Math.round((Date.now() - started) / 1000)} s`,
      });
    });
  });
}
