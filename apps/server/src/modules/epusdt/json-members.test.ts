import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDuplicateKey, JsonSyntaxError, readJsonObjectMembers } from './json-members';

const read = (text: string) => Object.fromEntries(readJsonObjectMembers(text));
const refused = (text: string) => {
  try {
    readJsonObjectMembers(text);
    return false;
  } catch (error) {
    if (error instanceof JsonSyntaxError) return true;
    throw error;
  }
};

describe('readJsonObjectMembers', () => {
  it('keeps each number as written and decodes strings', () => {
    const members = read(
      ' {"amount": 28.88, "ten":10.0,"int":10, "exp":-2.5E+3,"s":"a\\u0041\\n\\"\\/","n":null,"t":true,"f":false,' +
        '"o":{"a":[1,{"b":[]}]} ,"e":[] }\n',
    );
    expect(members).toEqual({
      amount: { kind: 'number', raw: '28.88' },
      ten: { kind: 'number', raw: '10.0' },
      int: { kind: 'number', raw: '10' },
      exp: { kind: 'number', raw: '-2.5E+3' },
      s: { kind: 'string', value: 'aA\n"/', raw: '"a\\u0041\\n\\"\\/"' },
      n: { kind: 'null', raw: 'null' },
      t: { kind: 'true', raw: 'true' },
      f: { kind: 'false', raw: 'false' },
      o: { kind: 'object', raw: '{"a":[1,{"b":[]}]}' },
      e: { kind: 'array', raw: '[]' },
    });
    expect(read('{}')).toEqual({});
  });

  it('holds __proto__ as a plain key', () => {
    const members = readJsonObjectMembers('{"__proto__":{"polluted":1},"constructor":"x"}');
    expect([...members.keys()]).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['', 'empty'],
    ['[]', 'not an object'],
    ['"x"', 'not an object'],
    ['\uFEFF{}', 'a byte order mark'],
    ['{"a":1,"a":2}', 'a duplicate key'],
    ['{"a":1,}', 'a trailing comma'],
    ['{"a":01}', 'a leading zero'],
    ['{"a":+1}', 'a plus sign'],
    ['{"a":.5}', 'no integer part'],
    ['{"a":1.}', 'no fraction digits'],
    ['{"a":1e}', 'no exponent digits'],
    ['{"a":NaN}', 'NaN'],
    ["{'a':1}", 'single quotes'],
    ['{"a":"\t"}', 'a raw control character'],
    ['{"a":"\\x41"}', 'an unknown escape'],
    ['{"a":"\\u12"}', 'a short \\u escape'],
    ['{"a":1} {}', 'text after the object'],
    ['{"a":1', 'an unclosed object'],
    ['{"a":[1,2}', 'an unclosed array'],
    ['{"a":tru}', 'a broken literal'],
    [`{"a":${'['.repeat(40)}${']'.repeat(40)}}`, 'nesting too deep'],
  ])('refuses %j (%s)', (text) => {
    expect(refused(text)).toBe(true);
  });

  it('reads what JSON.parse reads: each member parses back to the same value', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 })),
        fc.boolean(),
        (object, spaced) => {
          const text = JSON.stringify(object, null, spaced ? 2 : undefined);
          const members = readJsonObjectMembers(text);
          const parsed = JSON.parse(text) as Record<string, unknown>;
          expect([...members.keys()]).toEqual(Object.keys(parsed));
          for (const [key, member] of members) {
            expect(JSON.parse(member.raw)).toEqual(parsed[key]);
            if (member.kind === 'string') expect(member.value).toBe(parsed[key]);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses what JSON.parse refuses, after random edits of valid text', () => {
    const alphabet = [
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      '\\',
      '0',
      '1',
      '.',
      'e',
      '-',
      '+',
      ' ',
      'n',
      'u',
      't',
    ];
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 4 }),
        fc.nat(),
        fc.constantFrom(...alphabet),
        fc.boolean(),
        (object, where, char, insert) => {
          const valid = JSON.stringify(object);
          const at = where % valid.length;
          const text = insert
            ? valid.slice(0, at) + char + valid.slice(at)
            : valid.slice(0, at) + valid.slice(at + 1);
          let parsed: unknown;
          let parses = true;
          try {
            parsed = JSON.parse(text);
          } catch {
            parses = false;
          }
          const objectText =
            parses && parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
          if (!objectText) {
            expect(refused(text)).toBe(true);
            return;
          }
          try {
            const keys = [...readJsonObjectMembers(text).keys()];
            expect(keys.sort()).toEqual(Object.keys(parsed as object).sort());
          } catch (error) {
            // The one text JSON.parse takes and we do not: a key given twice.
            expect(String(error)).toMatch(/duplicate key/);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('findDuplicateKey', () => {
  it.each([
    ['{"amount":"5","amount":"6"}', 'amount'],
    ['{"items":[{"a":1},{"a":1,"b":2,"a":3}]}', 'a'],
    ['{"x":{"y":{"z":1,"z":2}}}', 'z'],
    ['[{"k":1,"k":1}]', 'k'],
  ])('finds the key twice in %s', (text, key) => {
    expect(findDuplicateKey(text)).toBe(key);
  });

  it.each([
    ['{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}'],
    ['{}'],
    ['"text"'],
    ['{"a":"{\\"a\\":1,\\"a\\":2}"}'],
  ])('finds none in %s (the same key in other objects, or inside a string)', (text) => {
    expect(findDuplicateKey(text)).toBeUndefined();
  });
});
