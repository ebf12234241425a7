import { create } from 'zustand';
import { fixedKey } from './storage/storage-registry';
import { webStorage } from './storage/web-storage';

// The colour theme is a device preference, not a secret and not per person: it lives in localStorage so it
// can be applied before React renders (the CSP forbids an inline script in index.html, so main.tsx does it).

export type ThemeChoice = 'system' | 'light' | 'dark';

const storageKey = fixedKey('theme');

const isChoice = (value: unknown): value is ThemeChoice => value === 'system' || value === 'light' || value === 'dark';

export function readThemeChoice(): ThemeChoice {
  const saved = webStorage().local.get(storageKey);
  return isChoice(saved) ? saved : 'system';
}

/** Forced themes set `data-theme` on <html>; "system" removes it so the CSS follows prefers-color-scheme. */
export function applyTheme(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

interface ThemeState {
  choice: ThemeChoice;
  chosen(choice: ThemeChoice): void;
}

export const useThemeStore = create<ThemeState>((set) => ({
  choice: readThemeChoice(),
  chosen: (choice) => {
    // Storage refused (private mode, full): the choice still holds for this page.
    if (choice === 'system') webStorage().local.remove(storageKey);
    else webStorage().local.set(storageKey, choice, { what: 'the colour theme' });
    applyTheme(choice);
    set({ choice });
  },
}));

/** Applies the saved theme now and follows changes made in other tabs. Called once, before the first render. */
export function startTheme(): void {
  applyTheme(readThemeChoice());
  window.addEventListener('storage', (event) => {
    if (event.key !== storageKey && event.key !== null) return;
    const choice = readThemeChoice();
    applyTheme(choice);
    useThemeStore.setState({ choice });
  });
}
