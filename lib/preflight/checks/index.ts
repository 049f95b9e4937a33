/** The registry: every record check, in the order they run. Input checks: ./duplicate, ./unsupported. */
import type { RecordCheck } from '../types';
import { attachments } from './attachments';
import { changedSinceViewed } from './changed-since-viewed';
import { closedPeriod } from './closed-period';
import { deposited } from './deposited';
import { inventory } from './inventory';
import { linked } from './linked';
import { notFound } from './not-found';
import { pageMismatch } from './page-mismatch';
import { reconciled } from './reconciled';
import { salesTax } from './sales-tax';

export const RECORD_CHECKS: readonly RecordCheck[] = [
  notFound,
  pageMismatch,
  changedSinceViewed,
  closedPeriod,
  deposited,
  reconciled,
  linked,
  inventory,
  salesTax,
  attachments,
];

export const INPUT_CHECK_IDS = ['duplicate', 'unsupported'] as const;
