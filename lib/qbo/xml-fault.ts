/**
 * A tolerant reader of the service's XML faults, for service workers that have no DOMParser.
 * The real 429 (ThrottleExceeded) and some 401s arrive as XML even when JSON was asked for:
 * `<IntuitResponse><Fault type="SERVICE"><Error code="3001"><Message>…</Message><Detail>…</Detail></Error></Fault></IntuitResponse>`.
 * It scans with indexOf, never throws, and returns [] for anything it cannot read.
 */
import type { FaultInfo } from './outcomes';

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  const withoutCdata = text.replaceAll('<![CDATA[', '').replaceAll(']]>', '');
  return withoutCdata
    .replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, name: string) => {
      if (name.startsWith('#x')) return safeCodePoint(Number.parseInt(name.slice(2), 16), whole);
      if (name.startsWith('#')) return safeCodePoint(Number.parseInt(name.slice(1), 10), whole);
      return ENTITIES[name] ?? whole;
    })
    .trim();
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

/** `name="value"` or `name='value'` inside an opening tag. */
function attribute(openTag: string, name: string): string | undefined {
  for (const quote of ['"', "'"]) {
    const marker = `${name}=${quote}`;
    const at = openTag.indexOf(marker);
    if (at < 0) continue;
    const before = openTag[at - 1];
    if (before !== ' ' && before !== '\t' && before !== '\n' && before !== '\r') continue;
    const end = openTag.indexOf(quote, at + marker.length);
    if (end < 0) return undefined;
    return decodeXml(openTag.slice(at + marker.length, end));
  }
  return undefined;
}

/** Text of the first `<name>…</name>` (attributes allowed on the opening tag). */
function childText(xml: string, name: string): string | undefined {
  let from = 0;
  for (;;) {
    const start = xml.indexOf(`<${name}`, from);
    if (start < 0) return undefined;
    const after = xml[start + name.length + 1];
    if (after !== '>' && after !== ' ' && after !== '/') {
      from = start + 1;
      continue;
    }
    const openEnd = xml.indexOf('>', start);
    if (openEnd < 0) return undefined;
    if (xml[openEnd - 1] === '/') return '';
    const close = xml.indexOf(`</${name}>`, openEnd);
    return decodeXml(close < 0 ? xml.slice(openEnd + 1) : xml.slice(openEnd + 1, close));
  }
}

/** Every `<Error>` element of an XML body, as FaultInfo. */
export function faultsFromXml(xml: string): FaultInfo[] {
  const faults: FaultInfo[] = [];
  let from = 0;
  while (faults.length < 50) {
    const start = xml.indexOf('<Error', from);
    if (start < 0) break;
    const after = xml[start + 6];
    from = start + 6;
    if (after !== '>' && after !== ' ' && after !== '\t' && after !== '\n' && after !== '\r') continue;
    const openEnd = xml.indexOf('>', start);
    if (openEnd < 0) break;
    const close = xml.indexOf('</Error>', openEnd);
    const inner = close < 0 ? xml.slice(openEnd + 1) : xml.slice(openEnd + 1, close);
    const openTag = xml.slice(start, openEnd + 1);
    const code = attribute(openTag, 'code') ?? childText(inner, 'code') ?? '';
    const message = childText(inner, 'Message') ?? '';
    const detail = childText(inner, 'Detail');
    faults.push(detail === undefined ? { code, message } : { code, message, detail });
    from = close < 0 ? openEnd + 1 : close + 8;
  }
  return faults;
}

export function looksLikeXml(body: string): boolean {
  return body.trimStart().startsWith('<');
}
