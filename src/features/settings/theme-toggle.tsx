import { useId } from 'react';
import { useThemeStore, type ThemeChoice } from '@/lib/theme';

const choices: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** The compact theme switch of the rail. */
export function ThemeToggle() {
  const id = useId();
  const choice = useThemeStore((state) => state.choice);
  const chosen = useThemeStore((state) => state.chosen);
  return (
    <div className="theme-toggle">
      <label htmlFor={id} className="small muted">
        Theme
      </label>
      <select id={id} value={choice} onChange={(event) => chosen(event.target.value as ThemeChoice)}>
        {choices.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The theme choice on the Settings screen, with what each one means. */
export function ThemeField() {
  const name = useId();
  const choice = useThemeStore((state) => state.choice);
  const chosen = useThemeStore((state) => state.chosen);
  return (
    <fieldset className="settings-choices">
      <legend>Theme</legend>
      {choices.map(({ value, label }) => (
        <label key={value} className="toggle">
          <input type="radio" name={name} value={value} checked={choice === value} onChange={() => chosen(value)} />
          {label}
          {value === 'system' ? (
            <span className="muted small">(follows this device’s light or dark setting)</span>
          ) : null}
        </label>
      ))}
      <p className="muted small">Kept in this browser for everyone who uses it.</p>
    </fieldset>
  );
}
