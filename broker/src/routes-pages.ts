/**
 * The broker's public pages, the addresses Intuit asks for before it issues production keys (issue 23
 * §6): the launch URL (/launch: Safe Delete runs in the browser; how to start), the disconnect URL
 * (/disconnect: what disconnecting did, how to reconnect), the privacy policy (/privacy) and the
 * licence agreement (/terms), the last two rendered from docs/PRIVACY.md and docs/TERMS.md (embedded
 * in documents.ts by broker/scripts/embed-documents.ts).
 *
 * Static HTML, rendered once per app, with no script at all: the CSP allows nothing but the one
 * inline style sheet (by its hash), so even an injection could not run. Nothing of the request is
 * echoed: Intuit calls the disconnect URL with query parameters (realmId …) that the page ignores.
 */
import type { Context, Hono } from 'hono';
import { PRIVACY_MD, TERMS_MD } from './documents';
import { escapeHtml, firstHeading, renderMarkdown } from './markdown';

export const PAGE_PATHS = ['/launch', '/disconnect', '/privacy', '/terms'] as const;

const STYLE =
  'body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#fff}' +
  'main,footer{max-width:44rem;margin:0 auto;padding:1.5rem}' +
  'h1{font-size:1.6rem;line-height:1.25}h2{font-size:1.25rem;margin-top:2rem}' +
  'code{font-size:.9em;background:#f2f4f6;padding:0 .2em;border-radius:3px}' +
  'a{color:#0b5cad}footer{border-top:1px solid #d0d7de;color:#57606a;font-size:.9rem}';

const LAUNCH_MD = `# Safe Delete for QuickBooks Online

Safe Delete works inside your browser, not on this website: there is nothing to open here.

To start:

1. Install Safe Delete in Chrome, Edge or Firefox from your browser's extension store, if you have not yet.
2. Open QuickBooks Online in that browser and tick the transactions to delete on any list page.
3. Click the Safe Delete button in the browser's toolbar, then **Connect to QuickBooks**: sign in with
   Intuit and pick the company.

Safe Delete then checks every transaction you ticked and shows which ones are safe to delete before
anything is deleted.`;

const DISCONNECT_MD = `# Safe Delete is disconnected

Safe Delete is no longer connected to your QuickBooks company. It can no longer read, delete, void
or restore anything in that company. Disconnecting deleted nothing.

## What happens in Safe Delete

The next time Safe Delete needs that company, it shows **Reconnect**. A deletion that was running
waits, and resumes once you reconnect.

The audit log and the other data Safe Delete keeps stay on your computer until you erase them. To
erase them, open Safe Delete, open "Data kept on this device" and choose "Erase this company's local
data". See the [privacy policy](/privacy).

## How to reconnect

1. Open QuickBooks Online in the browser where Safe Delete is installed.
2. Click the Safe Delete button in the browser's toolbar.
3. Click **Reconnect** (or **Connect to QuickBooks**), sign in with Intuit and pick the company.`;

const FOOTER =
  '<footer><p><a href="/privacy">Privacy policy</a> · <a href="/terms">Licence agreement</a></p>' +
  '<p>Safe Delete is not made by or affiliated with Intuit. QuickBooks is a trademark of Intuit Inc.</p></footer>';

function page(markdown: string): string {
  const title = firstHeading(markdown) ?? 'Safe Delete for QuickBooks Online';
  return (
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>\n` +
    `<body><main>\n${renderMarkdown(markdown)}\n</main>${FOOTER}</body></html>\n`
  );
}

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** No script, no frame, no form, no other origin: only the page's own style sheet, by its hash. */
export function pageCsp(styleHash: string): string {
  return `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

export function pageRoutes(app: Hono): void {
  const pages: Record<(typeof PAGE_PATHS)[number], string> = {
    '/launch': page(LAUNCH_MD),
    '/disconnect': page(DISCONNECT_MD),
    '/privacy': page(PRIVACY_MD),
    '/terms': page(TERMS_MD),
  };
  // Web Crypto's digest is asynchronous: computed once, on the first page asked for.
  let csp: Promise<string> | undefined;
  const serve = async (c: Context, html: string) => {
    csp ??= sha256Base64(STYLE).then(pageCsp);
    c.header('Content-Security-Policy', await csp);
    c.header('X-Frame-Options', 'DENY');
    return c.html(html, 200);
  };
  for (const path of PAGE_PATHS) app.get(path, (c) => serve(c, pages[path]));
}
