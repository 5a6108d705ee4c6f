import { describe, expect, it } from 'vitest';
import { hasMessage, resolveLanguage, translateMessage } from '../src';

/**
 * A language hint is whatever the client wrote. Names of Object.prototype's members must
 * resolve like any other unknown value (zh_CN), never to an inherited function or object.
 */
const PROTOTYPE_NAMES = [
  '__proto__',
  '__PROTO__',
  'constructor',
  'CONSTRUCTOR',
  'Constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  '__defineGetter__',
  'constructor-x',
  '__proto__,en',
];

describe('resolveLanguage with prototype member names', () => {
  it.each(PROTOTYPE_NAMES)('resolves %s to zh_CN without throwing', (raw) => {
    expect(resolveLanguage(raw)).toBe('zh_CN');
  });

  it('still maps the real aliases in any case', () => {
    expect(resolveLanguage('EN')).toBe('en_US');
    expect(resolveLanguage('Zh-Hant')).toBe('zh_TW');
    expect(resolveLanguage('ZH_HK')).toBe('zh_TW');
    expect(resolveLanguage('en-us')).toBe('en_US');
  });
});

describe('message keys with prototype member names', () => {
  it('find no message', () => {
    for (const key of ['constructor', 'constructor.name', 'errors.constructor.name', '__proto__.toString']) {
      expect(hasMessage(key)).toBe(false);
      expect(translateMessage('en_US', key)).toBe(key);
    }
  });
});
