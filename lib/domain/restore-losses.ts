/**
 * What never comes back with a restored record (service-facts "Re-creating a deleted transaction"),
 * as codes in the order a person reads them before a restore starts; worded by
 * lib/popup/words/restore.ts.
 */
export const CANNOT_COME_BACK = ['reconciliation', 'bankFeed', 'attachments', 'auditHistory', 'ownId'] as const;
export type CannotComeBack = (typeof CANNOT_COME_BACK)[number];
