// `formatString` (A2UI v0.9 protocol, "The formatString function"): text with `${…}` expressions, each a data-model
// path (`${/user/name}`, or relative inside a template: `${name}`) or a function call with named arguments
// (`${formatDate(value: ${/start}, format: 'h:mm a')}`), arguments being quoted strings, numbers, booleans, null or
// nested expressions. `\${` is a literal `${`. Values are written as the protocol says: strings as they are, numbers
// and booleans in their standard form, null and undefined as nothing, objects and arrays as JSON.
// The reader is bounded: text past TEXT_CAP characters is not read, nesting stops at DEPTH_CAP.

export interface Interpolation {
  /** The value at a path (relative paths against the current scope). */
  read(path: string): unknown;
  /** The value of a catalog function, given its evaluated arguments (undefined for one not known). */
  call(name: string, args: Record<string, unknown>): unknown;
}

export const TEXT_CAP = 10_000;
const DEPTH_CAP = 16;
const JSON_CAP = 1_000;

/** A value as text, as the protocol's type conversion says. */
export function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    const json = JSON.stringify(value) ?? '';
    return json.length > JSON_CAP ? `${json.slice(0, JSON_CAP - 1)}…` : json;
  } catch {
    return '';
  }
}

class Reader {
  index = 0;
  constructor(
    readonly text: string,
    readonly scope: Interpolation,
    readonly depth: number,
  ) {}

  private skipSpace() {
    while (/\s/.test(this.text[this.index] ?? '')) this.index += 1;
  }

  /** The end of the `${…}` opened just before `start` (the index of its `}`), or -1. */
  closing(start: number): number {
    let depth = 1;
    let quote: string | null = null;
    for (let index = start; index < this.text.length; index += 1) {
      const char = this.text[index];
      if (quote) {
        if (char === '\\') index += 1;
        else if (char === quote) quote = null;
      } else if (char === "'" || char === '"') quote = char;
      else if (char === '$' && this.text[index + 1] === '{') {
        depth += 1;
        index += 1;
      } else if (char === '}') {
        depth -= 1;
        if (depth === 0) return index;
      }
    }
    return -1;
  }

  /** The value of one expression (the text inside `${…}`). */
  expression(source: string): unknown {
    if (this.depth > DEPTH_CAP) return undefined;
    const inner = new Reader(source.trim(), this.scope, this.depth + 1);
    const value = inner.value();
    inner.skipSpace();
    return inner.index >= inner.text.length ? value : undefined;
  }

  /** A value: a quoted string, a number, true/false/null, a nested `${…}`, a call `name(…)`, or a path. */
  value(): unknown {
    this.skipSpace();
    const rest = this.text.slice(this.index);
    const char = rest[0];
    if (char === "'" || char === '"') return this.quoted(char);
    if (rest.startsWith('${')) {
      const end = this.closing(this.index + 2);
      if (end < 0) return undefined;
      const value = this.expression(this.text.slice(this.index + 2, end));
      this.index = end + 1;
      return value;
    }
    const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?(?![\w/])/.exec(rest);
    if (number) {
      this.index += number[0].length;
      return Number(number[0]);
    }
    const word = /^(true|false|null)(?![\w/])/.exec(rest);
    if (word) {
      this.index += word[0].length;
      return word[0] === 'true' ? true : word[0] === 'false' ? false : null;
    }
    const call = /^([A-Za-z_][\w]*)\s*\(/.exec(rest);
    if (call) {
      this.index += call[0].length;
      return this.call(call[1] as string);
    }
    // A path runs to the next separator of the surrounding call (or to the end).
    const path = /^[^,)\s]+/.exec(rest);
    if (!path) return undefined;
    this.index += path[0].length;
    return this.scope.read(path[0]);
  }

  private quoted(quote: string): string {
    let out = '';
    for (this.index += 1; this.index < this.text.length; this.index += 1) {
      const char = this.text[this.index];
      if (char === '\\' && this.index + 1 < this.text.length) {
        this.index += 1;
        out += this.text[this.index];
      } else if (char === quote) {
        this.index += 1;
        return out;
      } else out += char;
    }
    return out;
  }

  private call(name: string): unknown {
    const args: Record<string, unknown> = {};
    for (;;) {
      this.skipSpace();
      if (this.text[this.index] === ')') {
        this.index += 1;
        break;
      }
      const key = /^([A-Za-z_][\w]*)\s*:/.exec(this.text.slice(this.index));
      if (!key) return undefined;
      this.index += key[0].length;
      Object.defineProperty(args, key[1] as string, { value: this.value(), enumerable: true, writable: true });
      this.skipSpace();
      if (this.text[this.index] === ',') this.index += 1;
      else if (this.text[this.index] !== ')') return undefined;
    }
    return this.scope.call(name, args);
  }
}

/** The text with each `${…}` replaced by its value. */
export function interpolate(template: string, scope: Interpolation, depth = 0): string {
  const text = template.length > TEXT_CAP ? template.slice(0, TEXT_CAP) : template;
  const reader = new Reader(text, scope, depth);
  let out = '';
  let index = 0;
  while (index < text.length) {
    if (text.startsWith('\\${', index)) {
      out += '${';
      index += 3;
      continue;
    }
    if (text.startsWith('${', index)) {
      const end = reader.closing(index + 2);
      if (end < 0) {
        out += text.slice(index);
        break;
      }
      out += asText(reader.expression(text.slice(index + 2, end)));
      index = end + 1;
      continue;
    }
    out += text[index];
    index += 1;
  }
  return out.length > TEXT_CAP ? out.slice(0, TEXT_CAP) : out;
}
