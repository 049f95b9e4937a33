import { browser } from 'wxt/browser';
import type { HostAccessApi, PopupApi } from '../../lib/popup/model';

/**
 * The popup's only channel to the background. A restarting worker makes this reject; the model
 * retries. The answer's type is the protocol map's for the message (only this extension's
 * background answers runtime messages, and its handlers are typed against the same map).
 */
export const runtimeApi: PopupApi = {
  send: (message) => browser.runtime.sendMessage(message),
};

/** The manifest's own host permissions: on Firefox the user can withdraw them after install. */
const origins = () => browser.runtime.getManifest().host_permissions ?? [];
export const hostAccessApi: HostAccessApi = {
  granted: () => browser.permissions.contains({ origins: origins() }),
  request: () => browser.permissions.request({ origins: origins() }),
};
