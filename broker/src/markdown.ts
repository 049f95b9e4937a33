/**
 * The broker's tiny Markdown renderer, for its own pages and for docs/PRIVACY.md and docs/TERMS.md
 * (embedded in documents.ts). No npm package: the broker bundles into a Worker, and these documents
 * need little. It knows headings (#, ##, ###), paragraphs, bullet (-) and numbered (1.) lists whose
 * items may continue on indented lines, and inline `code`, **bold** and [links](https://…).
 *
 * Safe by construction: every piece of text and every attribute is escaped, nothing of the input is
 * passed through as markup (raw HTML in the Markdown shows as text), and a link keeps its target
 * only when it is https:// or a path on this broker (`/privacy`); any other target (javascript:,
 * data:, a relative file such as `SECURITY.md`) is dropped and its text stays as plain text.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** https:// anywhere, or an absolute path on this host (never `//host`, which leaves it). */
function safeHref(url: string): string | undefined {
  if (/^https:\/\/[^\s]+$/i.test(url)) return url;
  if (/^\/(?!\/)[\w\-./#]*$/.test(url)) return url;
  return undefined;
}

const INLINE = /`([^`]+)`|\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function renderInline(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, code, bold, label, url] = match;
    out += escapeHtml(text.slice(last, match.index));
    if (code !== undefined) out += `<code>${escapeHtml(code)}</code>`;
    else if (bold !== undefined) out += `<strong>${renderInline(bold)}</strong>`;
    else if (label !== undefined && url !== undefined) {
      const href = safeHref(url);
      out += href ? `<a href="${escapeHtml(href)}">${renderInline(label)}</a>` : renderInline(label);
    }
    last = match.index + whole.length;
  }
  return out + escapeHtml(text.slice(last));
}

type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] };

const HEADING = /^(#{1,3}) +(.*)$/;
const BULLET = /^- +(.*)$/;
const NUMBERED = /^\d+\. +(.*)$/;

function parse(markdown: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  const close = () => {
    if (current) blocks.push(current);
    current = undefined;
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      close();
      continue;
    }
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (heading) {
      close();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, text: heading[2]! });
    } else if (bullet || numbered) {
      const ordered = numbered !== null;
      const text = (bullet ?? numbered)![1]!;
      if (current?.kind === 'list' && current.ordered === ordered) current.items.push(text);
      else {
        close();
        current = { kind: 'list', ordered, items: [text] };
      }
    } else if (current?.kind === 'list' && /^\s/.test(line)) {
      // An indented line continues the list's last item.
      current.items[current.items.length - 1] += ` ${line.trim()}`;
    } else if (current?.kind === 'paragraph') {
      current.text += ` ${line.trim()}`;
    } else {
      close();
      current = { kind: 'paragraph', text: line.trim() };
    }
  }
  close();
  return blocks;
}

export function renderMarkdown(markdown: string): string {
  return parse(markdown)
    .map((block) => {
      if (block.kind === 'heading') return `<h${block.level}>${renderInline(block.text)}</h${block.level}>`;
      if (block.kind === 'paragraph') return `<p>${renderInline(block.text)}</p>`;
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${renderInline(item)}</li>`).join('')}</${tag}>`;
    })
    .join('\n');
}

/** The text of the document's first `# ` heading (the page's title), if any. */
export function firstHeading(markdown: string): string | undefined {
  return /^# +(.+)$/m.exec(markdown)?.[1]?.trim();
}
