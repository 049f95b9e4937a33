/**
 * Who sent a runtime message. Extension pages (popup.html in the action popup or in a tab) are told
 * from content scripts by the sender's origin, never by the presence of a tab. Anything not from
 * this extension is untrusted (no externally_connectable, so web pages cannot message us at all;
 * this is the second lock).
 */
import { environmentFromHost, isWebAppPath } from '../domain/web-app';

export interface SenderLike {
  id?: string;
  url?: string;
  origin?: string;
  tab?: { id?: number; url?: string; cookieStoreId?: string; title?: string; incognito?: boolean };
  frameId?: number;
}

export type SenderKind =
  | { kind: 'extensionPage' }
  | {
      kind: 'contentScript';
      pageUrl: URL;
      tab?: { id?: number; cookieStoreId?: string; title?: string; incognito?: boolean };
    }
  | { kind: 'untrusted'; reason: string };

export function classifySender(sender: SenderLike, extensionId: string, extensionOrigin: string): SenderKind {
  if (sender.id !== extensionId) return { kind: 'untrusted', reason: 'not this extension' };
  let url: URL;
  try {
    url = new URL(sender.url ?? '');
  } catch {
    return { kind: 'untrusted', reason: 'no sender url' };
  }
  // Compare scheme + host: URL.origin is 'null' for non-special schemes outside browsers.
  if (`${url.protocol}//${url.host}` === extensionOrigin) return { kind: 'extensionPage' };
  if (url.protocol === 'https:' && environmentFromHost(url.hostname) && isWebAppPath(url.pathname)) {
    // The manifest keeps the extension out of private windows (`incognito: "not_allowed"`): nothing
    // of a private session may be written to disk. Second lock, should a browser run it there anyway.
    if (sender.tab?.incognito) return { kind: 'untrusted', reason: 'a private window' };
    return { kind: 'contentScript', pageUrl: url, tab: sender.tab };
  }
  return { kind: 'untrusted', reason: `unexpected origin ${url.origin}` };
}
