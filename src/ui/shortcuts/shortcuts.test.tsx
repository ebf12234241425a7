import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  comboKeys,
  isTypingTarget,
  matchesCombo,
  matchesShortcut,
  type KeyPress,
  type ShortcutDefinition,
} from './shortcuts';
import { createShortcutRegistry } from './shortcuts-registry';

const press = (key: string, parts: Partial<KeyPress> = {}): KeyPress => ({
  key,
  code: '',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  target: document.body,
  ...parts,
});

const newChat: ShortcutDefinition = {
  label: 'New chat',
  combos: [{ key: 'o', mod: true, shift: true, whileTyping: true }],
};
const search: ShortcutDefinition = { label: 'Search', combos: [{ key: 'k', mod: true, whileTyping: true }] };
const focus: ShortcutDefinition = {
  label: 'Focus',
  combos: [{ key: 'Escape', shift: true, whileTyping: true }, { key: '/' }],
};
const help: ShortcutDefinition = { label: 'Help', combos: [{ key: '?' }] };

function mounted<T extends Element>(html: string): T {
  document.body.innerHTML = html;
  const element = document.body.firstElementChild?.querySelector('[data-target]') ?? document.body.firstElementChild;
  if (!element) throw new Error('nothing rendered');
  return element as T;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('matchesCombo', () => {
  it('takes Ctrl as the modifier off Apple keyboards and ⌘ on them, never both', () => {
    const combo = { key: 'k', mod: true };
    expect(matchesCombo(press('k', { ctrlKey: true }), combo, false)).toBe(true);
    expect(matchesCombo(press('k', { metaKey: true }), combo, false)).toBe(false);
    expect(matchesCombo(press('k', { metaKey: true }), combo, true)).toBe(true);
    // Ctrl+K is "delete to end of line" in macOS text fields: it stays that.
    expect(matchesCombo(press('k', { ctrlKey: true }), combo, true)).toBe(false);
    expect(matchesCombo(press('k', { ctrlKey: true, metaKey: true }), combo, false)).toBe(false);
    expect(matchesCombo(press('k'), combo, false)).toBe(false);
  });

  it('needs Shift and Alt exactly as asked for letters and named keys', () => {
    expect(matchesCombo(press('O', { ctrlKey: true, shiftKey: true }), newChat.combos[0]!, false)).toBe(true);
    expect(matchesCombo(press('o', { ctrlKey: true }), newChat.combos[0]!, false)).toBe(false);
    expect(matchesCombo(press('o', { ctrlKey: true, shiftKey: true, altKey: true }), newChat.combos[0]!, false)).toBe(
      false,
    );
    expect(matchesCombo(press('Escape', { shiftKey: true }), { key: 'Escape', shift: true }, false)).toBe(true);
    expect(matchesCombo(press('Escape'), { key: 'Escape', shift: true }, false)).toBe(false);
    expect(matchesCombo(press('Escape', { shiftKey: true }), { key: 'Escape' }, false)).toBe(false);
  });

  it('reads "?" and "/" by the character typed, whatever Shift it took on the layout', () => {
    expect(matchesCombo(press('?', { shiftKey: true }), { key: '?' }, false)).toBe(true);
    expect(matchesCombo(press('?'), { key: '?' }, false)).toBe(true);
    expect(matchesCombo(press('/'), { key: '?' }, false)).toBe(false);
    expect(matchesCombo(press('/', { ctrlKey: true }), { key: '/' }, false)).toBe(false);
  });

  it('finds a letter by its physical key on a non-Latin layout', () => {
    expect(matchesCombo(press('л', { ctrlKey: true, code: 'KeyK' }), { key: 'k', mod: true }, false)).toBe(true);
    expect(matchesCombo(press('л', { ctrlKey: true, code: 'KeyJ' }), { key: 'k', mod: true }, false)).toBe(false);
    // A Latin layout that puts another letter on that key (AZERTY's "a" on KeyQ) is read by the letter.
    expect(matchesCombo(press('a', { ctrlKey: true, code: 'KeyQ' }), { key: 'q', mod: true }, false)).toBe(false);
  });
});

describe('isTypingTarget', () => {
  it('is true in text inputs, textareas, selects and editable content, including inside it', () => {
    expect(isTypingTarget(mounted('<input type="text">'))).toBe(true);
    expect(isTypingTarget(mounted('<input type="search">'))).toBe(true);
    expect(isTypingTarget(mounted('<input>'))).toBe(true);
    expect(isTypingTarget(mounted('<textarea></textarea>'))).toBe(true);
    expect(isTypingTarget(mounted('<select><option>a</option></select>'))).toBe(true);
    expect(isTypingTarget(mounted('<div contenteditable="true"><p><b data-target>x</b></p></div>'))).toBe(true);
    expect(isTypingTarget(mounted('<div contenteditable=""><span data-target>x</span></div>'))).toBe(true);
  });

  it('is false on buttons, checkboxes, links, non-editable content and the page itself', () => {
    expect(isTypingTarget(mounted('<button>Send</button>'))).toBe(false);
    expect(isTypingTarget(mounted('<input type="checkbox">'))).toBe(false);
    expect(isTypingTarget(mounted('<a href="/chat">Chat</a>'))).toBe(false);
    expect(isTypingTarget(mounted('<div contenteditable="false"><span data-target>x</span></div>'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('matchesShortcut', () => {
  it('leaves "/" and "?" to a field being typed in, but takes keys a field has no use for', () => {
    const textarea = mounted<HTMLTextAreaElement>('<textarea></textarea>');
    expect(matchesShortcut(press('?', { target: textarea }), help, false)).toBe(false);
    expect(matchesShortcut(press('?'), help, false)).toBe(true);
    expect(matchesShortcut(press('/', { target: textarea }), focus, false)).toBe(false);
    expect(matchesShortcut(press('/'), focus, false)).toBe(true);
    expect(matchesShortcut(press('Escape', { shiftKey: true, target: textarea }), focus, false)).toBe(true);
    expect(matchesShortcut(press('k', { ctrlKey: true, target: textarea }), search, false)).toBe(true);
    const editable = mounted('<div contenteditable="true">text</div>');
    expect(matchesShortcut(press('?', { target: editable }), help, false)).toBe(false);
  });
});

describe('comboKeys', () => {
  it('names the keys for the help, as shown and as spoken', () => {
    expect(comboKeys(newChat.combos[0]!, false).map((key) => key.shown)).toEqual(['Ctrl', 'Shift', 'O']);
    expect(comboKeys(newChat.combos[0]!, true).map((key) => key.shown)).toEqual(['⌘', '⇧', 'O']);
    expect(comboKeys({ key: 'Escape', shift: true }, false).map((key) => key.spoken)).toEqual(['Shift', 'Escape']);
    expect(comboKeys({ key: '?' }, true)).toEqual([{ shown: '?', spoken: 'Question mark' }]);
  });
});

describe('createShortcutRegistry', () => {
  const keydown = (key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
    target.dispatchEvent(event);
    return event;
  };

  it('runs the newest handler for the keys, prevents the browser default, and stops listening when empty', () => {
    const registry = createShortcutRegistry(window, () => false);
    const older = vi.fn();
    const newer = vi.fn();
    const offOlder = registry.register(search, { current: older });
    const offNewer = registry.register(search, { current: newer });
    expect(keydown('k', { ctrlKey: true }).defaultPrevented).toBe(true);
    expect(newer).toHaveBeenCalledTimes(1);
    expect(older).not.toHaveBeenCalled();
    offNewer();
    keydown('k', { ctrlKey: true });
    expect(older).toHaveBeenCalledTimes(1);
    offOlder();
    expect(keydown('k', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(older).toHaveBeenCalledTimes(1);
  });

  it('passes a key on when the handler declines it, and leaves keys a field already used', () => {
    const registry = createShortcutRegistry(window, () => false);
    const stop: ShortcutDefinition = { label: 'Stop', combos: [{ key: 'Escape', whileTyping: true }] };
    const handled = vi.fn();
    const off = [registry.register(stop, { current: handled }), registry.register(stop, { current: () => false })];
    expect(keydown('Escape').defaultPrevented).toBe(true);
    expect(handled).toHaveBeenCalledTimes(1);

    const input = mounted<HTMLInputElement>('<input>');
    input.addEventListener('keydown', (event) => event.preventDefault());
    keydown('Escape', {}, input);
    expect(handled).toHaveBeenCalledTimes(1);
    off.forEach((unregister) => unregister());
  });

  it('ignores keys inside an open modal dialog, which owns the keyboard', () => {
    const registry = createShortcutRegistry(window, () => false);
    const handler = vi.fn();
    const off = registry.register(help, { current: handler });
    const button = mounted<HTMLButtonElement>('<dialog open><button data-target>Close</button></dialog>');
    keydown('?', {}, button);
    expect(handler).not.toHaveBeenCalled();
    keydown('?');
    expect(handler).toHaveBeenCalledTimes(1);
    off();
  });
});
