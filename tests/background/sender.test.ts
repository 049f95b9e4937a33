import { describe, expect, it } from 'vitest';
import { classifySender } from '../../lib/messaging/sender';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}`;

describe('classifySender', () => {
  it('accepts the popup as an extension page, opened as a popup or in a tab', () => {
    expect(classifySender({ id: ID, url: `${ORIGIN}/popup.html` }, ID, ORIGIN).kind).toBe('extensionPage');
    expect(classifySender({ id: ID, url: `${ORIGIN}/popup.html`, tab: { id: 4 } }, ID, ORIGIN).kind).toBe(
      'extensionPage',
    );
  });

  it('recognises our content script on the service pages only', () => {
    const s = classifySender({ id: ID, url: 'https://app.qbo.intuit.com/app/sales', tab: { id: 9 } }, ID, ORIGIN);
    expect(s).toMatchObject({ kind: 'contentScript', tab: { id: 9 } });
    const sandbox = classifySender({ id: ID, url: 'https://app.sandbox.qbo.intuit.com/app/invoices' }, ID, ORIGIN);
    expect(sandbox.kind).toBe('contentScript');
  });

  it('refuses other extensions, web origins, look-alike hosts and plain http', () => {
    expect(classifySender({ id: 'other', url: `${ORIGIN}/popup.html` }, ID, ORIGIN).kind).toBe('untrusted');
    expect(classifySender({ id: ID, url: 'https://evil.example/app/sales' }, ID, ORIGIN).kind).toBe('untrusted');
    expect(classifySender({ id: ID, url: 'https://qbo.intuit.com.evil.example/app/x' }, ID, ORIGIN).kind).toBe(
      'untrusted',
    );
    expect(classifySender({ id: ID, url: 'http://app.qbo.intuit.com/app/sales' }, ID, ORIGIN).kind).toBe('untrusted');
    expect(classifySender({ id: ID, url: 'https://app.qbo.intuit.com/login' }, ID, ORIGIN).kind).toBe('untrusted');
    expect(classifySender({ id: ID }, ID, ORIGIN).kind).toBe('untrusted');
    expect(
      classifySender({ id: ID, url: 'chrome-extension://otherextensionidxxxxxxxxxxxxxxxx/popup.html' }, ID, ORIGIN)
        .kind,
    ).toBe('untrusted');
  });

  it('refuses a content script in a private window: nothing of a private session is written to disk', () => {
    const url = 'https://app.qbo.intuit.com/app/sales';
    expect(classifySender({ id: ID, url, tab: { id: 3, incognito: true } }, ID, ORIGIN)).toEqual({
      kind: 'untrusted',
      reason: 'a private window',
    });
    expect(classifySender({ id: ID, url, tab: { id: 3, incognito: false } }, ID, ORIGIN).kind).toBe('contentScript');
  });
});
