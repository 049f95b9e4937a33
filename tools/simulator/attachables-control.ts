/**
 * The attachments' part of the `Simulator` (./api.ts): seed one, delete one as another user would
 * (between a delete and its restore), list them, and pick what a transaction's delete does to them.
 * The same over HTTP: ./attachables-routes.ts.
 */
import {
  type AttachableOnDelete,
  type AttachableSeed,
  listAttachables,
  removeAttachable,
  seedAttachable,
} from './attachables';
import type { SimState } from './state';

export type { AttachableOnDelete, AttachableSeed };

export interface AttachableControl {
  /** A file (fileName given) or a note on the transactions `refs` names; its JSON as the API shows it. */
  seedAttachable(realmId: string, seed: AttachableSeed): Record<string, unknown>;
  /** Another user deletes the attachment (file and all). */
  removeAttachable(realmId: string, id: string): void;
  /** Every attachment of the company, as the API shows it. */
  attachables(realmId: string): Record<string, unknown>[];
  /** From now on: what a transaction's delete does to its attachments. */
  setAttachableOnDelete(mode: AttachableOnDelete): void;
}

export function createAttachableControl(state: SimState): AttachableControl {
  return {
    seedAttachable: (realmId, seed) => seedAttachable(state, realmId, seed),
    removeAttachable: (realmId, id) => removeAttachable(state, realmId, id),
    attachables: (realmId) => listAttachables(state, realmId),
    setAttachableOnDelete: (mode) => {
      state.config.attachableOnDelete = mode;
    },
  };
}
