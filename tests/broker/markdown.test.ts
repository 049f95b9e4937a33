// The broker's tiny Markdown renderer (broker/src/markdown.ts): the little the documents use, and
// nothing of the input ever becomes markup.
import { describe, expect, it } from 'vitest';
import { escapeHtml, firstHeading, renderInline, renderMarkdown } from '../../broker/src/markdown';

describe('renderMarkdown', () => {
  it('renders headings, paragraphs joined across lines, and both kinds of lists with continued items', () => {
    const md = '# Title\n\nOne line\nand the next.\n\n## Part\n\n- first\n  continued\n- second\n\n1. one\n2. two\n';
    expect(renderMarkdown(md)).toBe(
      [
        '<h1>Title</h1>',
        '<p>One line and the next.</p>',
        '<h2>Part</h2>',
        '<ul><li>first continued</li><li>second</li></ul>',
        '<ol><li>one</li><li>two</li></ol>',
      ].join('\n'),
    );
  });

  it('renders code, bold and safe links inline', () => {
    expect(renderInline('a `x<y>` **b [c](https://c.example/)** d')).toBe(
      'a <code>x&lt;y&gt;</code> <strong>b <a href="https://c.example/">c</a></strong> d',
    );
    expect(renderInline('[policy](/privacy)')).toBe('<a href="/privacy">policy</a>');
  });

  it('shows raw HTML as text, never as markup', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n# <img src=x onerror=alert(1)>\n\n- <b>"q"</b> & \'s\'');
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<h1>&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(html).toContain('<li>&lt;b&gt;&quot;q&quot;&lt;/b&gt; &amp; &#39;s&#39;</li>');
  });

  it.each([
    ['javascript:alert%281%29'],
    ['data:text/html,x'],
    ['//evil.example/'],
    ['http://plain.example/'],
    ['SECURITY.md'],
  ])('drops the link target %s and keeps its text', (url) => {
    expect(renderInline(`[text](${url})`)).toBe('text');
  });

  it('escapes an https target so it cannot leave its attribute', () => {
    expect(renderInline('[x](https://a.example/"onmouseover="alert(1))')).toBe(
      '<a href="https://a.example/&quot;onmouseover=&quot;alert(1">x</a>)',
    );
  });

  it('escapes the five HTML characters and names the first heading', () => {
    expect(escapeHtml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&#39;');
    expect(firstHeading('intro\n# The title \n## Other')).toBe('The title');
  });
});
