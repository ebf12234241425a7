// JSON Pointer (RFC 6901) over an A2UI data model: `~1` is "/", `~0` is "~", "" and "/" both name the whole model (the
// A2UI protocol uses "/" for the root, RFC 6901 uses ""). Setting never mutates: it returns a copy along the path.

/** The tokens of a pointer, unescaped; [] for the whole document. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  const body = pointer.startsWith('/') ? pointer.slice(1) : pointer;
  return body.split('/').map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The pointer for tokens, escaped ("" for the whole document). */
export function formatPointer(tokens: readonly string[]): string {
  return tokens.map((token) => `/${token.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function child(value: unknown, token: string): unknown {
  if (Array.isArray(value)) return /^(0|[1-9]\d*)$/.test(token) ? value[Number(token)] : undefined;
  if (isRecord(value) && Object.prototype.hasOwnProperty.call(value, token)) return value[token];
  return undefined;
}

/** The value at a pointer, or undefined when the path does not exist. */
export function getAt(model: unknown, pointer: string): unknown {
  let current = model;
  for (const token of parsePointer(pointer)) {
    current = child(current, token);
    if (current === undefined) return undefined;
  }
  return current;
}

/** Refused: an array index past the end (one past is an append), which would make a huge sparse array. */
const REFUSED = Symbol('refused');

function setTokens(model: unknown, tokens: readonly string[], value: unknown): unknown {
  const [head, ...rest] = tokens;
  if (head === undefined) return value;
  if (Array.isArray(model) && /^(0|[1-9]\d*|-)$/.test(head)) {
    const index = head === '-' ? model.length : Number(head);
    if (index > model.length) return REFUSED;
    const inner = setTokens(model[index], rest, value);
    if (inner === REFUSED) return REFUSED;
    const copy = [...model];
    copy[index] = inner;
    return copy;
  }
  const base = isRecord(model) ? model : {};
  const inner = setTokens(base[head], rest, value);
  if (inner === REFUSED) return REFUSED;
  // Own data property even for "__proto__": the model is plain data, never a prototype chain.
  const copy: Record<string, unknown> = { ...base };
  Object.defineProperty(copy, head, { value: inner, enumerable: true, writable: true, configurable: true });
  return copy;
}

/**
 * A copy of the model with the value at the pointer (missing objects on the way are created). An array index past
 * the end is refused: the model comes back unchanged.
 */
export function setAt(model: unknown, pointer: string, value: unknown): unknown {
  const set = setTokens(model, parsePointer(pointer), value);
  return set === REFUSED ? model : set;
}

/**
 * A copy of the model without the value at the pointer (unchanged when the path does not exist). An array keeps its
 * length: the item becomes undefined (A2UI v0.9 protocol, "Server to client updates").
 */
export function removeAt(model: unknown, pointer: string): unknown {
  const tokens = parsePointer(pointer);
  const last = tokens.at(-1);
  if (last === undefined) return undefined;
  const parentPointer = formatPointer(tokens.slice(0, -1));
  const parent = getAt(model, parentPointer);
  if (Array.isArray(parent)) {
    if (!/^(0|[1-9]\d*)$/.test(last) || Number(last) >= parent.length) return model;
    return setAt(model, parentPointer, Object.assign([...parent], { [Number(last)]: undefined }));
  }
  if (!isRecord(parent) || !Object.prototype.hasOwnProperty.call(parent, last)) return model;
  const { [last]: _gone, ...rest } = parent;
  return setAt(model, parentPointer, rest);
}

/** A relative path ("name") taken against a scope pointer ("/items/0"); an absolute one ("/x") stands alone. */
export function resolvePointer(path: string, scope: string): string {
  if (path.startsWith('/') || path === '') return path;
  return `${scope === '/' ? '' : scope}/${path}`;
}
