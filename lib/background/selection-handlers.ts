/**
 * The selection's messages from extension pages: "Remove", "Clear", adding page-ticked rows, picking
 * one candidate for a row known by what it shows, and adding records found in Safe Delete's own page
 * (search, an imported list, likely duplicates), and what the click does (delete or void, the
 * opt-ins). Each names the company the view showed and is refused when the background now holds
 * another company's selection.
 */
import { fail, type Handlers, ok, type PageMessageType, type Reply, type RequestOf } from '../messaging/protocol';
import type { PopupState } from '../messaging/views';
import type { PreflightStore } from '../preflight/preflight-store';
import type { PageIssues } from '../selection/page-issues';
import type { Scope, SelectionStore } from '../selection/store';
import { type AutoCheckServices, maybeAutoPreflight } from './auto-check';
import type { ViewNotices } from './view-notices';
import { checkViewCompany, type ViewCompanyDeps } from './view-scope';

type SelectionMessageType = Extract<PageMessageType, `selection/${string}`>;

/** What the selection's handlers use. */
export interface SelectionServices extends ViewCompanyDeps, AutoCheckServices {
  selection: Pick<
    SelectionStore,
    'adopt' | 'addFound' | 'choose' | 'pick' | 'read' | 'readPageTicked' | 'readRows' | 'clear' | 'remove'
  >;
  preflightStore: AutoCheckServices['preflightStore'] & Pick<PreflightStore, 'forget'>;
  pageIssues: Pick<PageIssues, 'clearCounters'>;
  now: () => number;
  view: ViewNotices;
}

export const selectionHandlers: Pick<Handlers<PageMessageType, [s: SelectionServices]>, SelectionMessageType> = {
  'selection/remove': (msg, s) => dropFromSelection(s, msg),
  'selection/removeMany': (msg, s) => dropFromSelection(s, msg),
  'selection/clear': (msg, s) => dropFromSelection(s, msg),
  async 'selection/adopt'(msg, s) {
    const viewed = await checkViewCompany(s, msg.scope);
    if (!viewed.ok) return refuseChange(s, viewed.error, msg.scope);
    const scope = viewed.scope;
    const adopted = await s.selection.adopt(scope, msg.keys);
    await s.preflightStore.forget(scope, adopted.entered);
    if (adopted.overCap > 0)
      s.view.setNotice(
        { level: 'error', text: `The selection is full: ${adopted.overCap} rows were not added.` },
        scope,
      );
    s.view.changed();
    await maybeAutoPreflight(s);
    return ok(await s.view.state());
  },
  async 'selection/add'(msg, s) {
    const viewed = await checkViewCompany(s, msg.scope);
    if (!viewed.ok) return refuseChange(s, viewed.error, msg.scope);
    // Never later than now: a view cannot claim to have shown a record in the future.
    const shownAt = Math.min(msg.shownAt, s.now());
    const added = await s.selection.addFound(viewed.scope, msg.records, shownAt);
    await s.preflightStore.forget(viewed.scope, added.entered);
    if (added.overCap > 0)
      s.view.setNotice(
        { level: 'error', text: `The selection is full: ${added.overCap} were not added.` },
        viewed.scope,
      );
    s.view.changed();
    await maybeAutoPreflight(s);
    return ok(await s.view.state());
  },
  /** The person's tick on the click's operation or an opt-in: the company's, for every view. */
  async 'selection/choose'(msg, s) {
    const viewed = await checkViewCompany(s, msg.scope);
    if (!viewed.ok) return refuseChange(s, viewed.error, msg.scope);
    await s.selection.choose(viewed.scope, msg.choice);
    s.view.changed();
    return ok(await s.view.state());
  },
  async 'selection/pick'(msg, s) {
    const viewed = await checkViewCompany(s, msg.scope);
    if (!viewed.ok) return refuseChange(s, viewed.error, msg.scope);
    const key = await s.selection.pick(viewed.scope, msg.rowKey, { entity: msg.entity, id: msg.id });
    if (key === undefined) return refuseChange(s, 'That row changed since it was shown: look again.', msg.scope);
    // The picked record is checked afresh like any new row, before anything can delete it.
    await s.preflightStore.forget(viewed.scope, [key]);
    s.view.changed();
    await maybeAutoPreflight(s);
    return ok(await s.view.state());
  },
};
/** "Remove", "Remove these from the selection" and "Clear". */
async function dropFromSelection(
  s: SelectionServices,
  msg: RequestOf<'selection/remove' | 'selection/removeMany' | 'selection/clear'>,
): Promise<Reply<PopupState>> {
  // The company the view showed, or nothing: a click never changes another client's selection.
  const viewed = await checkViewCompany(s, msg.scope);
  if (!viewed.ok) return refuseChange(s, viewed.error, msg.scope);
  const scope = viewed.scope;
  // Tombstoned: a tick still showing on a page cannot bring these rows back, only a new tick.
  const keys =
    msg.type === 'selection/clear'
      ? [
          ...Object.keys(await s.selection.read(scope)),
          ...Object.keys(await s.selection.readPageTicked(scope)),
          ...Object.keys(await s.selection.readRows(scope)),
        ]
      : msg.type === 'selection/removeMany'
        ? msg.keys
        : [msg.key];
  if (msg.type === 'selection/clear') await s.selection.clear(scope);
  else await s.selection.remove(scope, keys);
  // Their statuses go too: a row that comes back is checked afresh, never "Ready" from before.
  await s.preflightStore.forget(scope, keys);
  if (msg.type === 'selection/clear') {
    await s.pageIssues.clearCounters();
    s.view.setNotice(undefined);
  }
  s.view.changed();
  return ok(await s.view.state());
}

/** A click refused because the view is stale: said in the popup, nothing changed. */
export function refuseChange(
  s: { view: Pick<ViewNotices, 'setNotice'> },
  text: string,
  shown: Scope,
): Reply<PopupState> {
  s.view.setNotice({ level: 'error', text }, shown);
  return fail(text);
}
