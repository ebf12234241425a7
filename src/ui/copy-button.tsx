import { useEffect, useState, type MouseEvent } from 'react';
import './button.css';

/** Copies text and confirms in place for a moment. */
export function CopyButton({
  getText,
  label = 'Copy',
  ariaLabel,
  size = 'small',
  quiet = false,
}: {
  getText: (button: HTMLButtonElement) => string;
  label?: string;
  ariaLabel?: string;
  /** Small beside text; normal in a row of full-size actions. */
  size?: 'small' | 'normal';
  /** Borderless until hovered, for a row of quiet actions. */
  quiet?: boolean;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = (event: MouseEvent<HTMLButtonElement>) => {
    const text = getText(event.currentTarget);
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <button
      type="button"
      className={`button${size === 'small' ? ' button-small' : ''}${quiet ? ' button-quiet' : ''} copy-button`}
      onClick={copy}
      aria-live="polite"
      aria-label={state === 'idle' ? ariaLabel : undefined}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
