import { browser } from 'wxt/browser';
import type { PageMessage, Reply } from '../../lib/messaging/protocol';
import type { HostAccessApi, PopupApi } from '../../lib/popup/model';

/** The popup's only channel to the background. A restarting worker makes this reject; the model retries. */
export const runtimeApi: PopupApi = {
  send: (message: PageMessage) => browser.runtime.sendMessage(message) as Promise<Reply<unknown>>,
};

/** The manifest's own host permissions: on Firefox the user can withdraw them after install. */
const origins = () => browser.runtime.getManifest().host_permissions ?? [];
export const hostAccessApi: HostAccessApi = {
  granted: () => browser.permissions.contains({ origins: origins() }),
  request: () => browser.permissions.request({ origins: origins() }),
};
