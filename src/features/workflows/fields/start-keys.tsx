import type { KeyboardEvent } from 'react';
import {
  comboKeys,
  isApplePlatform,
  matchesCombo,
  type KeyCombo,
  type ShortcutDefinition,
} from '@/ui/shortcuts/shortcuts';
import './fields.css';

// Ctrl+Enter (⌘+Enter on Apple keyboards) starts what the form describes, from any of its fields, as in Postman and
// most query editors: plain Enter keeps its meaning in the field (a new line of input, a tag added).
const startCombo: KeyCombo = { key: 'Enter', mod: true, whileTyping: true };

/** For the keyboard help: what Ctrl/⌘+Enter does on the Workflows screen. */
export const startRunShortcut: ShortcutDefinition = {
  label: 'Start the run (or the batch)',
  combos: [startCombo],
  note: 'in the launcher and the batch form',
};

/** The form's keydown: Ctrl/⌘+Enter submits it, as its Start button would (with the same checks). */
export function submitOnStartKeys(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.nativeEvent.isComposing || event.repeat || !matchesCombo(event, startCombo, isApplePlatform())) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}

/** For the Start button's `aria-keyshortcuts`: "Control+Enter" (or "Meta+Enter"). */
export const startKeysAria = () => (isApplePlatform() ? 'Meta+Enter' : 'Control+Enter');

/** The keys beside the Start button, as a hint: "Ctrl Enter" (its name for assistive technology is on the button). */
export function StartKeysHint() {
  return (
    <span className="muted small start-keys" aria-hidden="true">
      {comboKeys(startCombo, isApplePlatform()).map((key) => (
        <kbd key={key.spoken}>{key.shown}</kbd>
      ))}
    </span>
  );
}
