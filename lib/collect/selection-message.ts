/**
 * The one message a content script may send: `selection/report`, the CHANGES to what the bookkeeper
 * ticked on a web-app page. The background validates every arrival with SelectionReportSchema.
 *
 * Carries no company and no environment: the background takes the company from the
 * `qbo.currentcompanyid` cookie and the environment from the sender's URL, so a page cannot steer
 * them. Selections accumulate across pages: `replace` is always false (a page can never wipe the
 * selection), `removed` lists only rows the bookkeeper unticked. `snapshot` is true when the message
 * lists every ticked row of the page (first scan, after navigation); otherwise it is a delta.
 * `shownAt` (ms since epoch) is when the content script first saw the row: the changed-since-viewed
 * check compares it with the record's LastUpdatedTime.
 */
import { z } from 'zod';
import { ENTITIES, environmentFromHost, isValidId } from '../qbo/entities';
import { MAX_REPORT_ITEMS } from './limits';

export { MAX_REPORT_ITEMS };

const IdSchema = z.string().max(20).refine(isValidId, 'Id must be 1-20 ASCII digits');
const ItemSchema = z.strictObject({ entity: z.enum(ENTITIES), id: IdSchema });
const AddedSchema = z.strictObject({
  entity: z.enum(ENTITIES),
  id: IdSchema,
  shownAt: z.number().int().min(0).max(8_640_000_000_000_000),
});

const DataSchema = z
  .strictObject({
    pageUrl: z.string().max(4096),
    host: z.string().max(253),
    replace: z.literal(false),
    snapshot: z.boolean(),
    added: z.array(AddedSchema).max(MAX_REPORT_ITEMS),
    removed: z.array(ItemSchema).max(MAX_REPORT_ITEMS),
  })
  .superRefine((data, ctx) => {
    const url = URL.canParse(data.pageUrl) ? new URL(data.pageUrl) : undefined;
    if (url?.protocol !== 'https:' || !url.pathname.startsWith('/app/')) {
      ctx.addIssue({ code: 'custom', path: ['pageUrl'], message: 'not a web-app page URL' });
    } else if (url.hostname !== data.host || environmentFromHost(data.host) === undefined) {
      ctx.addIssue({ code: 'custom', path: ['host'], message: 'host is not the page URL’s web-app host' });
    }
    const seen = new Set<string>();
    for (const item of [...data.added, ...data.removed]) {
      const key = `${item.entity}:${item.id}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['added'], message: `${key} listed twice` });
      seen.add(key);
    }
  });

export const SelectionReportSchema = z.strictObject({
  type: z.literal('selection/report'),
  data: DataSchema,
});

export type SelectionReport = z.infer<typeof SelectionReportSchema>;
export type SelectionReportData = SelectionReport['data'];
export type AddedItem = SelectionReportData['added'][number];
export type RemovedItem = SelectionReportData['removed'][number];
