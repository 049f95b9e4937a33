/**
 * What each of the broker's public pages must say and carry (issue 23 §6), shared by the Node suite
 * (pages.test.ts) and the workerd suite (pages.workerd.ts): the launch and disconnect pages, and the
 * privacy policy and licence agreement rendered from docs/*.md.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

const doc = (name: string) => readFileSync(new URL(`../../docs/${name}`, import.meta.url), 'utf8');

/** Each `## ` heading of a document: the page must show every section of it. */
const sections = (markdown: string) => [...markdown.matchAll(/^## +(.+)$/gm)].map((m) => m[1]!.trim());

export const PAGES: { path: string; title: string; sentences: string[] }[] = [
  {
    path: '/launch',
    title: 'Safe Delete for QuickBooks Online',
    sentences: [
      'Safe Delete works inside your browser, not on this website',
      "Click the Safe Delete button in the browser's toolbar, then Connect to QuickBooks: sign in with Intuit",
    ],
  },
  {
    path: '/disconnect',
    title: 'Safe Delete is disconnected',
    sentences: [
      'Safe Delete is no longer connected to your QuickBooks company.',
      'Disconnecting deleted nothing.',
      'The next time Safe Delete needs that company, it shows Reconnect.',
      'How to reconnect',
      "Erase this company's local data",
    ],
  },
  {
    path: '/privacy',
    title: 'Privacy policy',
    sentences: [
      'no analytics, no telemetry',
      'safe-delete-state',
      '"Keep everything" (the default: nothing ever leaves on its own), "1 year after export" and "90 days after export"',
      'Nothing is sent to the publisher of Safe Delete or to anyone else.',
      "Erase this company's local data",
      ...sections(doc('PRIVACY.md')),
    ],
  },
  {
    path: '/terms',
    title: 'Licence agreement and terms of use',
    sentences: ['Deletion is permanent.', 'provided "as is"', ...sections(doc('TERMS.md'))],
  },
];

export const UNKNOWN_PATHS = ['/', '/launch/', '/privacy.html', '/PRIVACY', '/docs/PRIVACY.md', '/terms/x'];

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** What a reader sees: the head left out, inline tags dropped, blocks apart, entities decoded, spaces folded. */
export function visibleText(html: string): string {
  return html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<\/(p|li|h[1-6]|ul|ol|main)>/g, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ');
}

export interface PageReply {
  status: number;
  headers: Headers;
  text: string;
}

/** 200 text/html with the page's title and sentences, no script, and the headers that lock it down. */
export function expectPage(reply: PageReply, page: (typeof PAGES)[number]): void {
  expect(reply.status, page.path).toBe(200);
  expect(reply.headers.get('content-type')?.toLowerCase()).toBe('text/html; charset=utf-8');
  const text = visibleText(reply.text);
  expect(reply.text).toContain(`<title>${page.title}</title>`);
  for (const sentence of page.sentences) expect(text, `${page.path}: ${sentence}`).toContain(sentence);
  expect(reply.text).not.toMatch(/<script|\son\w+=|javascript:/i);

  // The CSP allows nothing but the page's own inline style sheet, named by its hash.
  const style = /<style>([^<]*)<\/style>/.exec(reply.text)?.[1] ?? '';
  const hash = createHash('sha256').update(style).digest('base64');
  expect(reply.headers.get('content-security-policy')).toBe(
    `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  expect(reply.headers.get('x-frame-options')).toBe('DENY');
  expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
  expect(reply.headers.get('cache-control')).toBe('no-store');
  expect(reply.headers.get('set-cookie')).toBeNull();
  expect(reply.headers.get('access-control-allow-origin')).toBeNull();
}
