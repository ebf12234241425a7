import { useId, type ReactNode } from 'react';
import './controls.css';

interface SwitchProps {
  /** What is switched; the visible caption and the switch's accessible name. */
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  title?: string | undefined;
  className?: string | undefined;
}

/**
 * An on/off switch: a native checkbox with role="switch" (Space toggles, forms and tests see a checkbox), the whole
 * control clickable, and the state written out. The name is the caption alone, so "On"/"Off" is not read twice.
 */
export function Switch({ label, checked, onChange, title, className }: SwitchProps) {
  const id = useId();
  return (
    <label className={`control switch${className ? ` ${className}` : ''}`} title={title}>
      <span id={id} className="control-label">
        {label}
      </span>
      <input
        type="checkbox"
        role="switch"
        className="switch-input"
        aria-labelledby={id}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="switch-state" aria-hidden="true">
        {checked ? 'On' : 'Off'}
      </span>
    </label>
  );
}
