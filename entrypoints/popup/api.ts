import { browser } from 'wxt/browser';
import type { PageMessage, Reply } from '../../lib/messaging/protocol';
import type { PopupApi } from '../../lib/popup/model';

/** The popup's only channel to the background. A restarting worker makes this reject; the model retries. */
export const runtimeApi: PopupApi = {
  send: (message: PageMessage) => browser.runtime.sendMessage(message) as Promise<Reply<unknown>>,
};
