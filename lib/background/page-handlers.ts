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
import type { PageIssues } from '../selection/page-issues';
import { type AutoCheckServices, maybeAutoPreflight } from './auto-check';
import { type ConnectionServices, connectionHandlers } from './connection-handlers';
import { type DataServices, dataHandlers } from './data-handlers';
import { type FindServices, findHandlers } from './find-handlers';
import { type JobServices, jobHandlers } from './job-handlers';
import type { PreflightService } from './preflight-service';
import { type SelectionServices, selectionHandlers } from './selection-handlers';
import type { ViewNotices } from './view-notices';
import { focusViewTab, type ViewTabServices } from './view-tab';

/** What the view's own messages use: its state and version, the check's retry, the page issues. */
export interface ViewServices extends AutoCheckServices {
  preflight: AutoCheckServices['preflight'] & Pick<PreflightService, 'retryDue'>;
  pageIssues: Pick<PageIssues, 'dismiss'>;
  now: () => number;
  view: ViewNotices & {
    /** A view polled: a job that finishes now is seen there, so no notification is sent. */
    polled(): void;
    /** The state's version: a poll that has seen it gets "unchanged". */
    version(): number;
  };
}

/** Every page message's services: each group of handlers declares its own, narrow. */
export type PageServices = ViewServices &
  ViewTabServices &
  ConnectionServices &
  SelectionServices &
  FindServices &
  JobServices &
  DataServices;

type PageContext = [s: PageServices];
type PageHandlers = Handlers<PageMessageType, PageContext>;

/** Each page message's handler, typed against the protocol map (lib/messaging/protocol.ts). */
export const pageHandlers: PageHandlers = {
  async 'state/get'(msg, s: ViewServices) {
    s.view.polled();
    // A failed check is tried again once a minute while a view is open (in memory: a cheap test per poll).
    if (s.preflight.retryDue(s.now())) await maybeAutoPreflight(s, false, s.now());
    if (msg.sinceVersion === s.view.version()) return ok({ unchanged: true });
    await maybeAutoPreflight(s, false, s.now());
    return ok(await s.view.state());
  },
  'view/tab': (msg, s: ViewTabServices) => focusViewTab(s, msg.tabId),
  async 'alert/dismiss'(msg, s: ViewServices) {
    if (msg.alert === 'notice') s.view.setNotice(undefined);
    else if (await s.pageIssues.dismiss(msg.alert)) s.view.changed();
    return ok(await s.view.state());
  },
  ...connectionHandlers,
  ...selectionHandlers,
  ...findHandlers,
  ...jobHandlers,
  ...dataHandlers,
};

/** Answers a validated page message with its handler (its reply type follows the message's). */
export function handlePageMessage<K extends PageMessageType>(
  s: PageServices,
  msg: RequestOf<K> & { type: K },
): Promise<Reply<ReplyOf<K>>> {
  return dispatch<PageMessageType, K, PageContext>(pageHandlers, msg, s);
}
