/**
 * The person the deletion reports name as "Ran by": asked once, when the person first makes a
 * report, kept on this device only (storage.local, never sent anywhere) and changed only by the
 * person. An empty name is an answer too (the person chose not to give one): the reports then say
 * "Safe Delete on this browser" and the popup does not ask again.
 */
import { z } from 'zod';
import { MAX_PREPARER_NAME } from '../domain/limits';
import type { StorageArea } from '../storage/area';
import { defineItem, readItem, setAside } from '../storage/item';
import { writeQueueFor } from '../storage/queue';

export const PREPARER_ITEM = defineItem('preparer', {
  schema: z.strictObject({ name: z.string().max(MAX_PREPARER_NAME) }),
  version: 1,
});
const KEY = PREPARER_ITEM.key();

/** The name as the person gave it (trimmed, "" when declined), or undefined when never asked. */
export async function readPreparer(local: StorageArea): Promise<string | undefined> {
  const stored = await readItem(PREPARER_ITEM, local, KEY);
  return stored.kind === 'ok' ? stored.value.name : undefined;
}

/** Keeps the person's answer: a name, or "" for none. */
export function savePreparer(local: StorageArea, name: string): Promise<void> {
  return writeQueueFor(local).run(async () => {
    await setAside(local, KEY, await readItem(PREPARER_ITEM, local, KEY));
    await local.set({ [KEY]: { name: name.trim().slice(0, MAX_PREPARER_NAME) } });
  });
}
