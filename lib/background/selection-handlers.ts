/**
 * The selection's messages from extension pages: "Remove", "Clear", adding page-ticked rows, picking
 * one candidate for a row known by what it shows, and adding records found in Safe Delete's own page
 * (search, an imported list, likely duplicates), and what the click does (delete or void, the
 * opt-ins). Each names the company the view showed and is refused when the background now holds
 * another company's selection.
 */
import { CHECK_RETRY_MS } from '../domain/limits';
import { fail, type Handlers, ok, type PageMessageType, type Reply, type RequestOf } from '../messaging/protocol';
import type { PopupState } from '../messaging/views';
import type { Scope } from '../selection/store';
import type { BackgroundCore } from './app';
import type { BackgroundDeps } from './deps';
import { checkViewCompany } from './view-scope';

type SelectionMessageType = Extract<PageMessageType, `selection/${string}`>;

export const selectionHandlers: Pick<
  Handlers<PageMessageType, [core: BackgroundCore, deps: BackgroundDeps]>,
  SelectionMessageType
> = {
  'selection/remove': (msg, core) => dropFromSelection(core, msg),
  'selection/removeMany': (msg, core) => dropFromSelection(core, msg),
  'selection/clear': (msg, core) => dropFromSelection(core, msg),
  async 'selection/adopt'(msg, core) {
    const viewed = await checkViewCompany(core, msg.scope);
    if (!viewed.ok) return refuseChange(core, viewed.error, msg.scope);
    const scope = viewed.scope;
    const adopted = await core.selection.adopt(scope, msg.keys);
    await core.preflightStore.forget(scope, adopted.entered);
    if (adopted.overCap > 0)
      core.setNotice({ level: 'error', text: `The selection is full: ${adopted.overCap} rows were not added.` }, scope);
    core.changed();
    await maybeAutoPreflight(core);
    return ok(await core.state());
  },
  async 'selection/add'(msg, core, deps) {
    const viewed = await checkViewCompany(core, msg.scope);
    if (!viewed.ok) return refuseChange(core, viewed.error, msg.scope);
    // Never later than now: a view cannot claim to have shown a record in the future.
    const shownAt = Math.min(msg.shownAt, deps.clock.now());
    const added = await core.selection.addFound(viewed.scope, msg.records, shownAt);
    await core.preflightStore.forget(viewed.scope, added.entered);
    if (added.overCap > 0)
      core.setNotice({ level: 'error', text: `The selection is full: ${added.overCap} were not added.` }, viewed.scope);
    core.changed();
    await maybeAutoPreflight(core);
    return ok(await core.state());
  },
  /** The person's tick on the click's operation or an opt-in: the company's, for every view. */
  async 'selection/choose'(msg, core) {
    const viewed = await checkViewCompany(core, msg.scope);
    if (!viewed.ok) return refuseChange(core, viewed.error, msg.scope);
    await core.selection.choose(viewed.scope, msg.choice);
    core.changed();
    return ok(await core.state());
  },
  async 'selection/pick'(msg, core) {
    const viewed = await checkViewCompany(core, msg.scope);
    if (!viewed.ok) return refuseChange(core, viewed.error, msg.scope);
    const key = await core.selection.pick(viewed.scope, msg.rowKey, { entity: msg.entity, id: msg.id });
    if (key === undefined) return refuseChange(core, 'That row changed since it was shown: look again.', msg.scope);
    // The picked record is checked afresh like any new row, before anything can delete it.
    await core.preflightStore.forget(viewed.scope, [key]);
    core.changed();
    await maybeAutoPreflight(core);
    return ok(await core.state());
  },
};
/** "Remove", "Remove these from the selection" and "Clear". */
async function dropFromSelection(
  core: BackgroundCore,
  msg: RequestOf<'selection/remove' | 'selection/removeMany' | 'selection/clear'>,
): Promise<Reply<PopupState>> {
  // The company the view showed, or nothing: a click never changes another client's selection.
  const viewed = await checkViewCompany(core, msg.scope);
  if (!viewed.ok) return refuseChange(core, viewed.error, msg.scope);
  const scope = viewed.scope;
  // Tombstoned: a tick still showing on a page cannot bring these rows back, only a new tick.
  const keys =
    msg.type === 'selection/clear'
      ? [
          ...Object.keys(await core.selection.read(scope)),
          ...Object.keys(await core.selection.readPageTicked(scope)),
          ...Object.keys(await core.selection.readRows(scope)),
        ]
      : msg.type === 'selection/removeMany'
        ? msg.keys
        : [msg.key];
  if (msg.type === 'selection/clear') await core.selection.clear(scope);
  else await core.selection.remove(scope, keys);
  // Their statuses go too: a row that comes back is checked afresh, never "Ready" from before.
  await core.preflightStore.forget(scope, keys);
  if (msg.type === 'selection/clear') {
    await core.pageIssues.clearCounters();
    core.setNotice(undefined);
  }
  core.changed();
  return ok(await core.state());
}

/** A click refused because the view is stale: said in the popup, nothing changed. */
export function refuseChange(core: BackgroundCore, text: string, shown: Scope): Reply<PopupState> {
  core.setNotice({ level: 'error', text }, shown);
  return fail(text);
}
/** A popup that opens onto unchecked rows gets them checked without a click (reads only). */
export async function maybeAutoPreflight(core: BackgroundCore, force = false, now?: number): Promise<void> {
  const scope = await core.currentScope();
  if (!scope || core.preflight.isRunning(scope)) return;
  if (!(await core.hasToken(scope))) return;
  const selected = Object.keys(await core.selection.read(scope));
  const unresolved = Object.values(await core.selection.readRows(scope)).some((r) => !r.outcome);
  if (selected.length === 0 && !unresolved) return;
  const stored = await core.preflightStore.read(scope);
  const unchecked = unresolved || selected.some((k) => !stored?.rows[k]);
  // A failed check (QuickBooks down) is tried again once a minute while a view is open.
  const retryDue = !!stored?.error && now !== undefined && now - stored.at >= CHECK_RETRY_MS;
  if (force || retryDue || (unchecked && !stored?.error)) void core.preflight.start(scope);
}
