/**
 * lib/domain/values/name.ts: one fold and one agreement rule for names, accounts and memos, used
 * by the page check, the row resolver, the search and the duplicates.
 */
import { describe, expect, it } from 'vitest';
import { foldText, formatShownText, nameAgrees, sameName, textAgrees } from '../../../lib/domain/values/name';

describe('foldText', () => {
  it.each([
    ['  ACME  co ', 'acme co'],
    ['Ａｃｍｅ', 'acme'], // full-width letters
    // The duplicates' name key kept these apart; the page check folded them: one fold now.
    ['O’Brien', "o'brien"],
    ['O‘Brien', "o'brien"],
    ['O`Brien', "o'brien"],
    ['Acme\u200b Co', 'acme co'],
    ['\u200eAcme Co\u200f', 'acme co'],
    ['Acme\u00a0Co', 'acme co'],
    ['COOL\tCARS', 'cool cars'], // a tab is a space, not an invisible mark
    ['Acme \u200b Co', 'acme co'],
  ])('%j → %j', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });
});

describe('sameName', () => {
  it.each([
    ["O'Brien Plumbing", 'O’Brien  plumbing', true],
    ['Acme Co', 'Acme\u200b Co', true],
    ['Acme Co', 'Acme Corp', false],
    [undefined, '', true], // no name is no name
    [undefined, 'Acme', false],
  ])('%j and %j → %j', (a, b, same) => {
    expect(sameName(a, b)).toBe(same);
  });
});

describe('nameAgrees: a shown name against the service’s', () => {
  it.each([
    ['acme co', 'Acme Co', true],
    // "Parent:Child": one rule for the page check and the resolver.
    ['job materials', 'Job Expenses:Job Materials', true],
    ['job expenses:job materials', 'Job Expenses:Job Materials', true],
    ['job expenses', 'Job Expenses:Job Materials', false],
    ['child', 'Grand:Parent:Child', true],
    // A cell cut with an ellipsis.
    ['job mat…', 'Job Expenses:Job Materials', true],
    ['job exp...', 'Job Expenses:Job Materials', true],
    ['…', 'Acme Co', false],
    ['acme co…', 'Beta', false],
    ["o'brien", 'O’Brien', true],
  ])('%j and %j → %j', (shown, actual, agrees) => {
    expect(nameAgrees(shown, actual)).toBe(agrees);
  });

  it('a memo agrees whole or cut, never by a last part', () => {
    expect(textAgrees('paid by ch…', 'Paid by check 1001')).toBe(true);
    expect(textAgrees('b', 'a:b')).toBe(false);
  });
});

describe('formatShownText', () => {
  it.each([
    ['  Acme  ', 'Acme'],
    ['\u202eAcme', 'Acme'],
    ['\u0007', undefined],
    [undefined, undefined],
  ])('%j → %j', (text, shown) => {
    expect(formatShownText(text)).toBe(shown);
  });
});
