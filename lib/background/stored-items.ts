/**
 * Every stored item of this build, each declared once by its owner (lib/storage/item.ts), in the
 * order their migrations run (the storage's own first). The background migrates them before it
 * reads anything; tests/storage/keys.test.ts checks that every key of lib/storage/keys.ts is here.
 */
import { COMPANY_NAMES_ITEM } from '../connection/company-names';
import { CONNECTIONS_ITEM } from '../connection/connections';
import { SECRETS_ITEM } from '../connection/token-store';
import { RUNS_ITEM } from '../jobs/run-history';
import { JOB_SEAL_ITEM } from '../journal/job-seal';
import { JOB_CHUNK_ITEM, JOB_RECORDS_ITEM, JOBS_ITEM, THROTTLE_ITEM } from '../journal/schema';
import { PREFLIGHT_ITEM } from '../preflight/preflight-store';
import { PAGE_ISSUES_ITEM } from '../selection/page-issues';
import {
  CHOICE_ITEM,
  LAST_PAGE_ITEM,
  PAGE_TICKED_ITEM,
  ROWS_ITEM,
  SELECTION_ITEM,
  TOMBSTONES_ITEM,
} from '../selection/store';
import { ITEM_VERSIONS_ITEM, LAYOUT_ITEM, UNREADABLE_ITEM } from '../storage/migrate';
import { PREPARER_ITEM } from './preparer';

export const STORED_ITEMS = [
  LAYOUT_ITEM,
  ITEM_VERSIONS_ITEM,
  UNREADABLE_ITEM,
  JOBS_ITEM,
  JOB_RECORDS_ITEM,
  JOB_CHUNK_ITEM,
  JOB_SEAL_ITEM,
  THROTTLE_ITEM,
  SELECTION_ITEM,
  PAGE_TICKED_ITEM,
  TOMBSTONES_ITEM,
  ROWS_ITEM,
  CHOICE_ITEM,
  LAST_PAGE_ITEM,
  PREFLIGHT_ITEM,
  RUNS_ITEM,
  COMPANY_NAMES_ITEM,
  CONNECTIONS_ITEM,
  SECRETS_ITEM,
  PAGE_ISSUES_ITEM,
  PREPARER_ITEM,
] as const;
