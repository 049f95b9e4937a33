/**
 * Edge cases of lib/qbo/xml-fault.ts (issue 13): the XML fault reader without a DOMParser.
 * A 429 (3001) or a 401 arrives as XML; a fault code misread here turns a refusal into something else.
 */
import { describe, expect, it } from 'vitest';
import { faultsFromXml, looksLikeXml } from '../../lib/qbo/xml-fault';

const one = (inner: string, open = '<Error code="1">') => faultsFromXml(`<Fault>${open}${inner}</Error></Fault>`);
const message = (text: string) => one(`<Message>${text}</Message>`)[0]?.message;

describe('entities and CDATA in a message are decoded, nothing else', () => {
  it('named entities, decimal and hex character references', () => {
    // Dropping one entity name, or the # / #x branches, would leave the reference as written.
    expect(message('&lt;&gt;&amp;&quot;&apos;')).toBe(`<>&"'`);
    expect(message('&#65;&#x42;&#x6a;')).toBe('ABj');
  });

  it('an unknown entity or a reference out of range is kept as written', () => {
    expect(message('&nbsp;&copy;')).toBe('&nbsp;&copy;');
    expect(message('&#x110000;')).toBe('&#x110000;'); // above U+10FFFF
    expect(message('&#x10FFFF;')).toBe(String.fromCodePoint(0x10ffff)); // the last code point still decodes
    expect(message('&#0;')).toBe('\u0000'); // 0 is a code point (>= 0, not > 0)
    expect(message('&#x1234567;')).toBe('&#x1234567;'); // more than 6 hex digits: not a reference
    expect(message('&#12345678;')).toBe('&#12345678;'); // more than 7 digits
    expect(message('&a;')).toBe('&a;'); // a single letter is not an entity name
  });

  it('CDATA markers are dropped and the text trimmed', () => {
    expect(message('<![CDATA[a < b]]>')).toBe('a < b');
    expect(message('  spaced out \n')).toBe('spaced out');
  });
});

describe('the code attribute', () => {
  it('double or single quotes, decoded', () => {
    expect(one('', '<Error code="3001">')[0]?.code).toBe('3001');
    expect(one('', "<Error code='3002'>")[0]?.code).toBe('3002');
    expect(one('', '<Error code="a&amp;b">')[0]?.code).toBe('a&b');
  });

  it('only a whole attribute name counts: `errcode=` is not `code=`', () => {
    expect(one('', '<Error errcode="9">')[0]?.code).toBe('');
    expect(one('', "<Error errcode='9'>")[0]?.code).toBe('');
  });

  it('any XML whitespace may precede the attribute (and follow the tag name)', () => {
    for (const ws of [' ', '\t', '\n', '\r']) {
      expect(faultsFromXml(`<Error${ws}code="7"><Message>m</Message></Error>`)).toStrictEqual([
        { code: '7', message: 'm' },
      ]);
    }
  });

  it('an attribute without its closing quote falls back to a <code> child', () => {
    expect(faultsFromXml('<Error code="12><code>34</code></Error>')[0]?.code).toBe('34');
    expect(faultsFromXml('<Error code="12>')[0]?.code).toBe('');
  });

  it('without the attribute, the <code> child element', () => {
    expect(one('<code>77</code><Message>m</Message>', '<Error>')[0]).toStrictEqual({ code: '77', message: 'm' });
  });
});

describe('child elements', () => {
  it('a longer element name with the same prefix is not the element', () => {
    expect(one('<MessageId>9</MessageId><Message>real</Message>')[0]?.message).toBe('real');
    expect(one('<Details>no</Details><Detail>yes</Detail>')[0]?.detail).toBe('yes');
  });

  it('attributes on the opening tag; an empty element is empty', () => {
    expect(one('<Message lang="en">hi</Message>')[0]?.message).toBe('hi');
    expect(one('<Message/><Detail />')[0]).toStrictEqual({ code: '1', message: '', detail: '' });
    expect(one('<Message></Message>')[0]).toStrictEqual({ code: '1', message: '' });
  });

  it('no Detail: no detail key at all; an opening tag never closed: no text', () => {
    expect(one('<Message>m</Message>')[0]).toStrictEqual({ code: '1', message: 'm' });
    expect(faultsFromXml('<Error code="1"><Message')).toStrictEqual([{ code: '1', message: '' }]);
    expect(faultsFromXml('<Error code="1"><Message>unclosed')).toStrictEqual([{ code: '1', message: 'unclosed' }]);
  });
});

describe('every <Error> element, and only those', () => {
  it('several errors in order; <Errors> and <ErrorList> are not errors', () => {
    const xml =
      '<IntuitResponse><ErrorList/><Fault><Errors>x</Errors>' +
      '<Error code="1"><Message>a</Message></Error>' +
      '<Error\tcode="2"><Message>b</Message><Detail>d</Detail></Error>' +
      '<Error code="3"/></Fault></IntuitResponse>';
    expect(faultsFromXml(xml)).toStrictEqual([
      { code: '1', message: 'a' },
      { code: '2', message: 'b', detail: 'd' },
      { code: '3', message: '' },
    ]);
  });

  it('an <Error without its ">" ends the scan', () => {
    expect(faultsFromXml('<Error code="1"></Error><Error code="2"')).toStrictEqual([{ code: '1', message: '' }]);
  });

  it('a hostile body is bounded at 50 faults', () => {
    const xml = '<Error code="1"><Message>m</Message></Error>'.repeat(80);
    expect(faultsFromXml(xml)).toHaveLength(50);
  });

  it('an error without its closing tag is read to the end', () => {
    expect(faultsFromXml('<Error code="5"><Message>m</Message><Detail>d')).toStrictEqual([
      { code: '5', message: 'm', detail: 'd' },
    ]);
  });
});

describe('looksLikeXml', () => {
  it('a body starting with "<" after whitespace; nothing else', () => {
    expect(looksLikeXml('  \n<IntuitResponse/>')).toBe(true);
    expect(looksLikeXml('{"a":"<b>"}')).toBe(false);
    expect(looksLikeXml('')).toBe(false);
  });
});
