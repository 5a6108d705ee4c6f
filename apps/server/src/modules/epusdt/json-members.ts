/**
 * The members of a JSON object with each value's source text kept: epusdt signs numbers as
 * they were written (`28.88`, `10`, `10.0`), which JSON.parse forgets. A strict RFC 8259 reader
 * of one top-level object: anything JSON.parse refuses is refused here too (a test compares
 * them), and so are duplicate keys (two readers could disagree on which one counts) and nesting
 * deeper than MAX_DEPTH. Keys live in a Map, so `__proto__` is only a name.
 */
export type JsonMember =
  | { kind: 'string'; value: string; raw: string }
  | { kind: 'number'; raw: string }
  | { kind: 'true' | 'false' | 'null'; raw: string }
  | { kind: 'object' | 'array'; raw: string };

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at position ${position}`);
    this.name = 'JsonSyntaxError';
  }
}

/** A key twice in one object: which key. */
export class DuplicateKeyError extends JsonSyntaxError {
  constructor(
    readonly key: string,
    position: number,
  ) {
    super(`duplicate key ${JSON.stringify(key)}`, position);
    this.name = 'DuplicateKeyError';
  }
}

const MAX_DEPTH = 32;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

export function readJsonObjectMembers(text: string): Map<string, JsonMember> {
  const reader = new Reader(text);
  reader.skipSpace();
  if (reader.peek() !== '{') reader.fail('expected an object');
  const members = new Map<string, JsonMember>();
  reader.readObject(0, (key, member) => {
    if (members.has(key)) reader.failDuplicate(key);
    members.set(key, member);
  });
  reader.skipSpace();
  if (!reader.atEnd()) reader.fail('unexpected text after the object');
  return members;
}

/**
 * The first key sent twice in one object of a JSON text, at any depth, or undefined. For a text
 * JSON.parse took (the last of the two would count there): a syntax error here says nothing.
 */
export function findDuplicateKey(text: string): string | undefined {
  const reader = new Reader(text);
  try {
    reader.skipSpace();
    reader.readAnyValue();
  } catch (error) {
    if (error instanceof DuplicateKeyError) return error.key;
  }
  return undefined;
}

class Reader {
  private at = 0;

  constructor(private readonly text: string) {}

  fail(message: string): never {
    throw new JsonSyntaxError(message, this.at);
  }

  failDuplicate(key: string): never {
    throw new DuplicateKeyError(key, this.at);
  }

  readAnyValue(): void {
    this.readValue(0);
  }

  atEnd(): boolean {
    return this.at >= this.text.length;
  }

  peek(): string | undefined {
    return this.text[this.at];
  }

  skipSpace(): void {
    while (this.at < this.text.length) {
      const c = this.text[this.at];
      if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') return;
      this.at++;
    }
  }

  private expect(c: string): void {
    if (this.text[this.at] !== c) this.fail(`expected ${JSON.stringify(c)}`);
    this.at++;
  }

  /** At `{`: reads to the matching `}`, handing each member to `onMember` when given. */
  readObject(depth: number, onMember?: (key: string, member: JsonMember) => void): void {
    if (depth >= MAX_DEPTH) this.fail('nested too deeply');
    this.expect('{');
    this.skipSpace();
    if (this.peek() === '}') {
      this.at++;
      return;
    }
    // A nested object's keys are checked here; the top one's by its caller (onMember).
    const seen = onMember ? undefined : new Set<string>();
    for (;;) {
      this.skipSpace();
      if (this.peek() !== '"') this.fail('expected a key');
      const key = this.readString();
      if (seen) {
        if (seen.has(key)) this.failDuplicate(key);
        seen.add(key);
      }
      this.skipSpace();
      this.expect(':');
      this.skipSpace();
      const member = this.readValue(depth + 1);
      onMember?.(key, member);
      this.skipSpace();
      if (this.peek() === ',') {
        this.at++;
        continue;
      }
      this.expect('}');
      return;
    }
  }

  private readArray(depth: number): void {
    if (depth >= MAX_DEPTH) this.fail('nested too deeply');
    this.expect('[');
    this.skipSpace();
    if (this.peek() === ']') {
      this.at++;
      return;
    }
    for (;;) {
      this.skipSpace();
      this.readValue(depth + 1);
      this.skipSpace();
      if (this.peek() === ',') {
        this.at++;
        continue;
      }
      this.expect(']');
      return;
    }
  }

  private readValue(depth: number): JsonMember {
    const start = this.at;
    const c = this.peek();
    const raw = () => this.text.slice(start, this.at);
    if (c === '"') {
      const value = this.readString();
      return { kind: 'string', value, raw: raw() };
    }
    if (c === '{') {
      this.readObject(depth);
      return { kind: 'object', raw: raw() };
    }
    if (c === '[') {
      this.readArray(depth);
      return { kind: 'array', raw: raw() };
    }
    for (const word of ['true', 'false', 'null'] as const) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return { kind: word, raw: word };
      }
    }
    NUMBER.lastIndex = this.at;
    const number = NUMBER.exec(this.text);
    if (!number) this.fail('expected a value');
    this.at += number[0].length;
    return { kind: 'number', raw: number[0] };
  }

  /** At `"`: the decoded string; control characters must be escaped, escapes must be known. */
  private readString(): string {
    this.expect('"');
    let out = '';
    let runStart = this.at;
    for (;;) {
      if (this.at >= this.text.length) this.fail('unterminated string');
      const code = this.text.charCodeAt(this.at);
      if (code === 0x22) {
        out += this.text.slice(runStart, this.at);
        this.at++;
        return out;
      }
      if (code < 0x20) this.fail('control character in a string');
      if (code !== 0x5c) {
        this.at++;
        continue;
      }
      out += this.text.slice(runStart, this.at);
      const escaped = this.text[this.at + 1];
      if (escaped === 'u') {
        const hex = this.text.slice(this.at + 2, this.at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('bad \\u escape');
        out += String.fromCharCode(Number.parseInt(hex, 16));
        this.at += 6;
      } else {
        const decoded = escaped === undefined ? undefined : ESCAPES[escaped];
        if (decoded === undefined) this.fail('bad escape');
        out += decoded;
        this.at += 2;
      }
      runStart = this.at;
    }
  }
}
