/** One key press: `mod` is ⌘ on Apple keyboards and Ctrl elsewhere, so Ctrl+K stays "kill line" in macOS text fields. */
export interface KeyCombo {
  key: string;
  mod?: boolean;
  shift?: boolean;
  alt?: boolean;
  /** Also while typing in a field: only for keys a field has no use for (Ctrl+K, Shift+Esc), never for "/" or "?". */
  whileTyping?: boolean;
}

/** What a shortcut does and which keys do it; the help dialog lists these, features register handlers for them. */
export interface ShortcutDefinition {
  label: string;
  combos: readonly KeyCombo[];
  /** When it applies, if not always ("while an answer streams"). */
  note?: string;
}

/** The parts of a keyboard event the matcher reads (a DOM KeyboardEvent has them all). */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

const nonTypingInputs: ReadonlySet<string> = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** True when the key press goes to something that takes text: a single "/" or "?" there is typing, not a command. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !nonTypingInputs.has(target.type);
  return target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

const isLetter = (key: string) => /^[a-z]$/i.test(key);

function keyMatches(press: KeyPress, wanted: string): boolean {
  if (press.key.toLowerCase() === wanted.toLowerCase()) return true;
  // A non-Latin layout reports the letter it types ("л"): the physical key is what the person pressed.
  return (
    isLetter(wanted) &&
    press.key.length === 1 &&
    !/^[\x20-\x7e]$/.test(press.key) &&
    press.code === `Key${wanted.toUpperCase()}`
  );
}

export function matchesCombo(press: KeyPress, combo: KeyCombo, apple: boolean): boolean {
  const mod = apple ? press.metaKey : press.ctrlKey;
  const otherMod = apple ? press.ctrlKey : press.metaKey;
  if (mod !== Boolean(combo.mod) || otherMod || press.altKey !== Boolean(combo.alt)) return false;
  // "?" and "/" sit on different keys, with or without Shift, on different layouts: the character decides.
  const shiftCounts = combo.key.length > 1 || isLetter(combo.key);
  if (shiftCounts && press.shiftKey !== Boolean(combo.shift)) return false;
  return keyMatches(press, combo.key);
}

export function matchesShortcut(press: KeyPress, shortcut: ShortcutDefinition, apple: boolean): boolean {
  const typing = isTypingTarget(press.target);
  return shortcut.combos.some((combo) => (combo.whileTyping || !typing) && matchesCombo(press, combo, apple));
}

export function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  return /mac|iphone|ipad|ipod/i.test(data?.platform ?? navigator.platform);
}

/** A key as the help dialog shows it, and as a screen reader says it. */
export interface KeyName {
  shown: string;
  spoken: string;
}

const keyNames: Record<string, KeyName> = {
  Escape: { shown: 'Esc', spoken: 'Escape' },
  Enter: { shown: 'Enter', spoken: 'Enter' },
  '/': { shown: '/', spoken: 'Slash' },
  '?': { shown: '?', spoken: 'Question mark' },
};

export function comboKeys(combo: KeyCombo, apple: boolean): KeyName[] {
  const keys: KeyName[] = [];
  if (combo.mod) keys.push(apple ? { shown: '⌘', spoken: 'Command' } : { shown: 'Ctrl', spoken: 'Control' });
  if (combo.alt) keys.push(apple ? { shown: '⌥', spoken: 'Option' } : { shown: 'Alt', spoken: 'Alt' });
  if (combo.shift) keys.push(apple ? { shown: '⇧', spoken: 'Shift' } : { shown: 'Shift', spoken: 'Shift' });
  const upper = combo.key.length === 1 ? combo.key.toUpperCase() : combo.key;
  keys.push(keyNames[combo.key] ?? { shown: upper, spoken: upper });
  return keys;
}
