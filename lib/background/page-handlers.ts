/**
 * What extension pages (the popup) may ask. Every answer is a value; the token never leaves. This
 * file answers the view's own messages (its state, its tab, an alert dismissed) and composes the
 * handlers of each message group: connection/, selection/, find/, the runs (preflight/, job/,
 * restore/) and the device's data (audit/, company/erase).
 */

import {
  dispatch,
  type Handlers,
  ok,
  type PageMessageType,
  type Reply,
  type ReplyOf,
  type RequestOf,
} from '../messaging/protocol';
import type { BackgroundCore } from './app';
import { connectionHandlers } from './connection-handlers';
import { dataHandlers } from './data-handlers';
import type { BackgroundDeps } from './deps';
import { findHandlers } from './find-handlers';
import { jobHandlers } from './job-handlers';
import { maybeAutoPreflight, selectionHandlers } from './selection-handlers';
import { focusViewTab } from './view-tab';

type PageContext = [core: BackgroundCore, deps: BackgroundDeps];
type PageHandlers = Handlers<PageMessageType, PageContext>;

/** Each page message's handler, typed against the protocol map (lib/messaging/protocol.ts). */
export const pageHandlers: PageHandlers = {
  async 'state/get'(msg, core, deps) {
    core.polled();
    // A failed check is tried again once a minute while a view is open (in memory: a cheap test per poll).
    if (core.preflight.retryDue(deps.clock.now())) await maybeAutoPreflight(core, false, deps.clock.now());
    if (msg.sinceVersion === core.version()) return ok({ unchanged: true });
    await maybeAutoPreflight(core, false, deps.clock.now());
    return ok(await core.state());
  },
  'view/tab': (msg, core, deps) => focusViewTab(core, deps, msg.tabId),
  async 'alert/dismiss'(msg, core) {
    if (msg.alert === 'notice') core.setNotice(undefined);
    else if (await core.pageIssues.dismiss(msg.alert)) core.changed();
    return ok(await core.state());
  },
  ...connectionHandlers,
  ...selectionHandlers,
  ...findHandlers,
  ...jobHandlers,
  ...dataHandlers,
};

/** Answers a validated page message with its handler (its reply type follows the message's). */
export function handlePageMessage<K extends PageMessageType>(
  core: BackgroundCore,
  deps: BackgroundDeps,
  msg: RequestOf<K> & { type: K },
): Promise<Reply<ReplyOf<K>>> {
  return dispatch<PageMessageType, K, PageContext>(pageHandlers, msg, core, deps);
}
