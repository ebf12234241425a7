// An agent's regular expressions (`validationRegexp`, the `regex` check, the 2.42 form's `validation.regex`) run in
// this tab, and a backtracking engine cannot be interrupted once it runs: one catastrophic pattern (`^(a+)+$`, or
// bounded repeats like `(a{1,30}){1,30}`) on a long value freezes the page. So they never run on the browser's
// engine. They are compiled here into a small automaton and matched by simulating every path at once (a Pike VM),
// which costs at most (value length × program size) steps whatever the pattern:
//  - patterns longer than PATTERN_CAP characters, or whose program would pass PROGRAM_CAP steps (bounded repeats are
//    written out), are not run; nor backreferences and lookarounds, which no linear engine can run;
//  - single characters (a class `[a-z]`, an escape `\d` or `\p{L}`, `.`) are tested by the browser's engine, one
//    character at a time, which is linear by construction;
//  - values longer than VALUE_CAP characters are not matched (the field says so).
// A pattern not run is not enforced: the agent gets the value unchecked, which the server allows (it enforces
// `validationRegexp` only in the browser, CURRENT-SERVERS.md §3.3). A pattern the browser cannot read likewise.

export const PATTERN_CAP = 300;
export const VALUE_CAP = 512;
const PROGRAM_CAP = 4000;

type Assertion = 'start' | 'end' | 'word' | 'notWord';
type Instruction =
  | { op: 'char'; test: (char: string) => boolean }
  | { op: 'split'; to: [number, number] }
  | { op: 'jump'; to: number }
  | { op: 'assert'; kind: Assertion }
  | { op: 'match' };

type Node =
  | { type: 'char'; test: (char: string) => boolean }
  | { type: 'assert'; kind: Assertion }
  | { type: 'seq'; items: Node[] }
  | { type: 'alt'; options: Node[] }
  | { type: 'repeat'; node: Node; min: number; max: number | null };

class Unsupported extends Error {}

const wordChar = /^\w$/u;
/** A one-character test by the browser's engine: linear, since the text it sees is one character. */
function charTest(source: string): (char: string) => boolean {
  // Unicode mode first (code points, \p{…}); then the older mode, which also reads identity escapes such as `\-`.
  for (const flags of ['u', '']) {
    try {
      const regexp = new RegExp(`^(?:${source})$`, flags);
      return (char) => regexp.test(char);
    } catch {
      // the next mode, or not a pattern at all
    }
  }
  throw new Unsupported('is not a pattern this browser reads');
}
const literal =
  (expected: string) =>
  (char: string): boolean =>
    char === expected;

/** Reads a pattern into a tree; throws Unsupported for what a linear engine cannot run. */
class Parser {
  private index = 0;
  private readonly chars: string[];
  constructor(pattern: string) {
    this.chars = Array.from(pattern);
  }

  parse(): Node {
    const node = this.alternation(0);
    if (this.index < this.chars.length) throw new Unsupported('is not a pattern this browser reads');
    return node;
  }

  private peek(offset = 0): string | undefined {
    return this.chars[this.index + offset];
  }

  private alternation(depth: number): Node {
    if (depth > 50) throw new Unsupported('nests too deeply');
    const options = [this.sequence(depth)];
    while (this.peek() === '|') {
      this.index += 1;
      options.push(this.sequence(depth));
    }
    return options.length === 1 ? (options[0] as Node) : { type: 'alt', options };
  }

  private sequence(depth: number): Node {
    const items: Node[] = [];
    for (let next = this.peek(); next !== undefined && next !== '|' && next !== ')'; next = this.peek()) {
      const atom = this.atom(depth);
      items.push(this.quantified(atom));
    }
    return { type: 'seq', items };
  }

  private quantified(atom: Node): Node {
    const next = this.peek();
    let min: number;
    let max: number | null;
    if (next === '*') [min, max] = [0, null];
    else if (next === '+') [min, max] = [1, null];
    else if (next === '?') [min, max] = [0, 1];
    else if (next === '{') {
      const brace = /^\{(\d+)(,(\d*))?\}/.exec(this.chars.slice(this.index, this.index + 24).join(''));
      if (!brace) throw new Unsupported('is not a pattern this browser reads');
      min = Number(brace[1]);
      max = brace[2] === undefined ? min : brace[3] === '' ? null : Number(brace[3]);
      if (max !== null && max < min) throw new Unsupported('is not a pattern this browser reads');
      this.index += brace[0].length - 1;
    } else return atom;
    this.index += 1;
    if (atom.type === 'assert') throw new Unsupported('is not a pattern this browser reads');
    // Lazy repeats find the same whole-value matches.
    if (this.peek() === '?') this.index += 1;
    if (this.peek() === '*' || this.peek() === '+' || this.peek() === '{')
      throw new Unsupported('is not a pattern this browser reads');
    return { type: 'repeat', node: atom, min, max };
  }

  private atom(depth: number): Node {
    const char = this.peek() ?? '';
    this.index += 1;
    switch (char) {
      case '(':
        return this.group(depth);
      case '[':
        return { type: 'char', test: charTest(this.classSource()) };
      case '.':
        return { type: 'char', test: charTest('.') };
      case '^':
        return { type: 'assert', kind: 'start' };
      case '$':
        return { type: 'assert', kind: 'end' };
      case '\\':
        return this.escape();
      case '*':
      case '+':
      case '?':
      case '{':
      case '}':
      case ']':
      case ')':
        throw new Unsupported('is not a pattern this browser reads');
      default:
        return { type: 'char', test: literal(char) };
    }
  }

  private group(depth: number): Node {
    if (this.peek() === '?') {
      const kind = this.chars.slice(this.index, this.index + 3).join('');
      if (kind.startsWith('?:')) this.index += 2;
      else if (/^\?<[=!]/.test(kind) || /^\?[=!]/.test(kind)) throw new Unsupported('uses a lookaround');
      else if (kind.startsWith('?<')) {
        const close = this.chars.indexOf('>', this.index);
        const name = this.chars.slice(this.index + 2, close).join('');
        if (close < 0 || !/^[A-Za-z_$][\w$]*$/u.test(name))
          throw new Unsupported('is not a pattern this browser reads');
        this.index = close + 1;
      } else throw new Unsupported('is not a pattern this browser reads');
    }
    const inner = this.alternation(depth + 1);
    if (this.peek() !== ')') throw new Unsupported('is not a pattern this browser reads');
    this.index += 1;
    return inner;
  }

  /** The text of a class `[…]`, from after its `[` to its `]`, both included. */
  private classSource(): string {
    const start = this.index - 1;
    if (this.peek() === '^') this.index += 1;
    if (this.peek() === ']') this.index += 1;
    while (this.index < this.chars.length && this.peek() !== ']') this.index += this.peek() === '\\' ? 2 : 1;
    if (this.peek() !== ']') throw new Unsupported('is not a pattern this browser reads');
    this.index += 1;
    return this.chars.slice(start, this.index).join('');
  }

  private escape(): Node {
    const char = this.peek();
    if (char === undefined) throw new Unsupported('is not a pattern this browser reads');
    this.index += 1;
    if (/[1-9k]/.test(char)) throw new Unsupported('uses a backreference');
    if (char === 'b') return { type: 'assert', kind: 'word' };
    if (char === 'B') return { type: 'assert', kind: 'notWord' };
    let source = `\\${char}`;
    // The escapes that span more than one pattern character: \p{…}, \u{…}, \uXXXX, \xXX, \cX.
    const rest = this.chars.slice(this.index, this.index + 40).join('');
    const long =
      (char === 'p' || char === 'P' || char === 'u') && rest.startsWith('{')
        ? /^\{[^}]*\}/.exec(rest)
        : char === 'u'
          ? /^[0-9A-Fa-f]{4}/.exec(rest)
          : char === 'x'
            ? /^[0-9A-Fa-f]{2}/.exec(rest)
            : char === 'c'
              ? /^[A-Za-z]/.exec(rest)
              : null;
    if (long) {
      source += long[0];
      this.index += Array.from(long[0]).length;
    }
    return { type: 'char', test: charTest(source) };
  }
}

/** Writes the tree out as a program; throws Unsupported when it would be too large. */
function compile(root: Node): Instruction[] {
  const program: Instruction[] = [];
  const emit = (instruction: Instruction): number => {
    if (program.length >= PROGRAM_CAP) throw new Unsupported('is too complex to check');
    program.push(instruction);
    return program.length - 1;
  };
  const split = (at: number, first: number, second: number) => {
    program[at] = { op: 'split', to: [first, second] };
  };
  const write = (node: Node): void => {
    switch (node.type) {
      case 'char':
        emit({ op: 'char', test: node.test });
        return;
      case 'assert':
        emit({ op: 'assert', kind: node.kind });
        return;
      case 'seq':
        node.items.forEach(write);
        return;
      case 'alt': {
        const jumps: number[] = [];
        node.options.forEach((option, index) => {
          if (index === node.options.length - 1) return write(option);
          const fork = emit({ op: 'match' });
          write(option);
          jumps.push(emit({ op: 'match' }));
          split(fork, fork + 1, program.length);
        });
        for (const jump of jumps) program[jump] = { op: 'jump', to: program.length };
        return;
      }
      case 'repeat': {
        for (let count = 0; count < node.min; count += 1) write(node.node);
        if (node.max === null) {
          const fork = emit({ op: 'match' });
          write(node.node);
          emit({ op: 'jump', to: fork });
          split(fork, fork + 1, program.length);
          return;
        }
        const forks: number[] = [];
        for (let count = node.min; count < node.max; count += 1) {
          forks.push(emit({ op: 'match' }));
          write(node.node);
        }
        for (const fork of forks) split(fork, fork + 1, program.length);
        return;
      }
    }
  };
  write(root);
  emit({ op: 'match' });
  return program;
}

const isWord = (char: string | undefined) => char !== undefined && wordChar.test(char);

/** Whether the program matches the whole of `chars`, following every path at once. */
function run(program: readonly Instruction[], chars: readonly string[]): boolean {
  let current: number[] = [];
  const onList = new Int32Array(program.length).fill(-1);
  let generation = 0;
  const add = (list: number[], start: number, position: number) => {
    const stack = [start];
    while (stack.length > 0) {
      const pc = stack.pop() as number;
      if (onList[pc] === generation) continue;
      onList[pc] = generation;
      const instruction = program[pc] as Instruction;
      if (instruction.op === 'jump') stack.push(instruction.to);
      else if (instruction.op === 'split') stack.push(instruction.to[1], instruction.to[0]);
      else if (instruction.op === 'assert') {
        const before = isWord(chars[position - 1]);
        const after = isWord(chars[position]);
        const holds =
          instruction.kind === 'start'
            ? position === 0
            : instruction.kind === 'end'
              ? position === chars.length
              : instruction.kind === 'word'
                ? before !== after
                : before === after;
        if (holds) stack.push(pc + 1);
      } else list.push(pc);
    }
  };
  add(current, 0, 0);
  for (let position = 0; position < chars.length; position += 1) {
    generation += 1;
    const next: number[] = [];
    const char = chars[position] as string;
    for (const pc of current) {
      const instruction = program[pc] as Instruction;
      if (instruction.op === 'char' && instruction.test(char)) add(next, pc + 1, position + 1);
    }
    if (next.length === 0) return false;
    current = next;
  }
  return current.some((pc) => program[pc]?.op === 'match');
}

export interface SafePattern {
  /** Whether the whole value matches. */
  test(value: string): boolean;
}
export type PatternVerdict = { kind: 'usable'; regexp: SafePattern } | { kind: 'skipped'; reason: string };

/** Whether the pattern may run (compiled to match the whole value), or why it is skipped. */
export function screenPattern(pattern: string): PatternVerdict {
  if (pattern.length > PATTERN_CAP) return { kind: 'skipped', reason: `longer than ${PATTERN_CAP} characters` };
  try {
    const program = compile(new Parser(pattern).parse());
    return { kind: 'usable', regexp: { test: (value) => run(program, Array.from(value)) } };
  } catch (error) {
    if (error instanceof Unsupported) return { kind: 'skipped', reason: error.message };
    throw error;
  }
}

export type MatchVerdict = 'match' | 'mismatch' | 'too-long' | 'skipped';

/** Whether the whole value matches the pattern, with the bounds above. */
export function matchPattern(pattern: string, value: string): MatchVerdict {
  const screened = screenPattern(pattern);
  if (screened.kind === 'skipped') return 'skipped';
  if (value.length > VALUE_CAP) return 'too-long';
  return screened.regexp.test(value) ? 'match' : 'mismatch';
}
