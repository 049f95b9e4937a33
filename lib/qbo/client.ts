/**
 * createQboClient: the QboClient (./client-api.ts) over ky, one instance per company + environment.
 * Each method lives in its own module; this file only wires them to one HTTP edge and one clock.
 */

import { isRealmId } from '../domain/ids';
import { attachableCalls, type QboAttachables } from './attachables';
import type { QboClient, QboClientOptions, QboFindReads } from './client-api';
import { batchCreate } from './create-calls';
import { batchDelete, deleteOne } from './delete-calls';
import { jsonKey } from './entities';
import type { CallContext } from './exchange';
import { exchange } from './exchange';
import { createHttp } from './http';
import { readQueryAnswer } from './query-answer';
import { MAX_PAGE_SIZE } from './query-builder';
import { readByIds } from './read-by-ids';
import { readCompanyInfo } from './read-company-info';
import { readCreated } from './read-created';
import { readNameList } from './read-name-list';
import { readNames } from './read-names';
import { readPreferences } from './read-preferences';
import { readReconciled } from './read-reconciled';
import { readWindow } from './read-window';
import { readWindows } from './read-windows';
import { batchVoid, voidOne } from './void-calls';

export function createQboClient(options: QboClientOptions): QboClient & QboFindReads & QboAttachables {
  if (!isRealmId(options.realmId)) throw new TypeError(`createQboClient: bad realmId ${options.realmId}`);
  const pageSize = options.pageSize ?? MAX_PAGE_SIZE;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new TypeError(`createQboClient: pageSize must be 1..${MAX_PAGE_SIZE}`);
  }
  const http = createHttp(options);
  // One lane per company: every client of it (preflight, runner, restore, names) shares the pacer's count.
  const { pacer } = options;
  const lane = `${options.environment}.${options.realmId}`;
  const send: CallContext['send'] = pacer ? (request) => pacer.run(lane, () => http(request)) : http;
  const ctx: CallContext = { send, now: options.now ?? Date.now };
  return {
    realmId: options.realmId,
    environment: options.environment,
    readByIds: (entity, ids, o) => readByIds(ctx, entity, ids, pageSize, o),
    readCreated: (entity, query) => readCreated(ctx, entity, query, pageSize),
    readPreferences: () => readPreferences(ctx),
    readNames: (type, ids) => readNames(ctx, type, ids),
    readNameList: (list) => readNameList(ctx, list, pageSize),
    readWindow: (entity, from, to) => readWindow(ctx, entity, from, to, pageSize),
    readWindows: (windows) => readWindows(ctx, windows, pageSize),
    query: async (entity, statement) =>
      readQueryAnswer(
        await exchange(ctx, { method: 'GET', path: 'query', params: [['query', statement]] }),
        jsonKey(entity),
      ),
    readCompanyInfo: () => readCompanyInfo(ctx, options.realmId),
    readReconciled: (start, end) => readReconciled(ctx, start, end),
    batchDelete: (items) => batchDelete(ctx, items),
    deleteOne: (item) => deleteOne(ctx, item),
    batchVoid: (items) => batchVoid(ctx, items),
    voidOne: (item) => voidOne(ctx, item),
    batchCreate: (items, o) => batchCreate(ctx, items, o),
    ...attachableCalls(ctx),
  };
}
