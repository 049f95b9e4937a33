/**
 * Runs code as the extension's own content script on an open web-app page, in Firefox: in the very
 * sandbox Firefox gave that content script, so it has what a content script has (its `browser`
 * object, `browser.storage.local` among it) and nothing more. This is what a compromised page
 * renderer could do. The launch's `--remote-allow-system-access` lets WebDriver BiDi evaluate in the
 * browser's own chrome window; from there a frame script goes into the page's content process and
 * looks up the extension's content-script context (ExtensionContent) for that page.
 */
import type { Browser } from 'puppeteer-core';

interface BidiConnection {
  send(method: string, params: object): Promise<{ result: unknown }>;
}

/**
 * Evaluates `source` (an expression; a promise is not awaited) in the content-script context of the
 * extension `addonId` on every open tab whose address contains `urlPart`. Returns how many tabs it
 * was sent to; the caller waits for the effect it expects (e.g. the value in storage.local).
 */
export async function inContentScript(browser: Browser, addonId: string, urlPart: string, source: string) {
  const connection = (browser as unknown as { connection: BidiConnection }).connection;
  const tree = (await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' })).result as {
    contexts: { context: string; url: string }[];
  };
  const chrome = tree.contexts.find((c) => c.url === 'chrome://browser/content/browser.xhtml');
  if (!chrome) throw new Error('no browser window in the chrome scope');
  // The frame script runs privileged in the page's content process; `content` is the page's window.
  const frameScript = `
    const { ExtensionContent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionContent.sys.mjs');
    const context = ExtensionContent.getContextByExtensionId(${JSON.stringify(addonId)}, content);
    if (!context?.sandbox) throw new Error('the extension has no content script on ' + content.location.href);
    Cu.evalInSandbox(${JSON.stringify(source)}, context.sandbox);
  `;
  const expression = `(() => {
    let sent = 0;
    for (const win of Services.wm.getEnumerator('navigator:browser'))
      for (const tab of win.gBrowser.browsers)
        if (tab.currentURI.spec.includes(${JSON.stringify(urlPart)})) {
          tab.messageManager.loadFrameScript('data:,' + encodeURIComponent(${JSON.stringify(frameScript)}), false);
          sent++;
        }
    return sent;
  })()`;
  const answer = (await connection.send('script.evaluate', {
    expression,
    target: { context: chrome.context },
    awaitPromise: false,
  })) as { result: { type: string; result?: { value?: number }; exceptionDetails?: unknown } };
  if (answer.result.type !== 'success') throw new Error(`chrome evaluation failed: ${JSON.stringify(answer.result)}`);
  return answer.result.result?.value ?? 0;
}
