import { useEffect, useLayoutEffect, useRef } from 'react';
import { isApplePlatform, matchesShortcut, type ShortcutDefinition } from './shortcuts';

/** Returns false when it did not apply after all (nothing streams): the key then keeps its usual meaning. */
export type ShortcutHandler = (event: KeyboardEvent) => boolean | void;

interface Registration {
  shortcut: ShortcutDefinition;
  handler: { current: ShortcutHandler };
}

export interface ShortcutRegistry {
  register(shortcut: ShortcutDefinition, handler: { current: ShortcutHandler }): () => void;
}

/**
 * One keydown listener for every shortcut of the page. It listens on the window after the page's own
 * handlers: a field or popup that used the key (preventDefault) keeps it, and the newest registration wins.
 */
export function createShortcutRegistry(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  apple: () => boolean,
): ShortcutRegistry {
  const registrations: Registration[] = [];
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing || event.repeat) return;
    // A modal dialog owns the keyboard; its own Esc closes it.
    if (event.target instanceof Element && event.target.closest('dialog[open]')) return;
    for (let index = registrations.length - 1; index >= 0; index -= 1) {
      const registration = registrations[index];
      if (!registration || !matchesShortcut(event, registration.shortcut, apple())) continue;
      if (registration.handler.current(event) === false) continue;
      event.preventDefault();
      return;
    }
  };
  return {
    register(shortcut, handler) {
      const registration = { shortcut, handler };
      registrations.push(registration);
      if (registrations.length === 1) target.addEventListener('keydown', onKeyDown);
      return () => {
        const index = registrations.indexOf(registration);
        if (index >= 0) registrations.splice(index, 1);
        if (registrations.length === 0) target.removeEventListener('keydown', onKeyDown);
      };
    },
  };
}

let pageRegistry: ShortcutRegistry | null = null;
// The page has one keyboard: one registry for it, made on first use.
const registryOfPage = () => (pageRegistry ??= createShortcutRegistry(window, isApplePlatform));

/** Runs `handler` on the shortcut's keys while the calling component is mounted (and `enabled`). */
export function useShortcut(shortcut: ShortcutDefinition, handler: ShortcutHandler, enabled = true): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => (enabled ? registryOfPage().register(shortcut, latest) : undefined), [shortcut, enabled]);
}
