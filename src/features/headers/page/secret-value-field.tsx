import { useState } from 'react';
import { isSecretRow, secretMask } from '@/domain/headers/secrets';
import type { HeaderRow } from '@/domain/headers/profiles';
import './header-row.css';

interface FieldProps {
  row: HeaderRow;
  position: number;
  invalid: boolean;
  describedBy: string | undefined;
  onChange(patch: Partial<Omit<HeaderRow, 'id'>>): void;
}

/**
 * The value of a header, with its secret switch: a secret value is typed and shown masked (Show reveals it here, in
 * the profile editor, and nowhere else); everywhere else it is kept and shown as the mask.
 */
export function SecretValueField({ row, position, invalid, describedBy, onChange }: FieldProps) {
  const [shown, setShown] = useState(false);
  const secret = isSecretRow(row);
  return (
    <span className="header-value-cell">
      <input
        id={`header-${row.id}-value`}
        className="mono header-value"
        type={secret && !shown ? 'password' : 'text'}
        aria-label={`Header ${position} value`}
        placeholder={secret ? secretMask : 'value or {{template}}'}
        value={row.value}
        spellCheck={false}
        autoComplete={secret ? 'new-password' : 'off'}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => onChange({ value: event.target.value })}
      />
      {secret ? (
        <button
          type="button"
          className="button button-small"
          aria-pressed={shown}
          aria-label={`${shown ? 'Hide' : 'Show'} the value of header ${position}`}
          onClick={() => setShown(!shown)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      ) : null}
      <label className="header-secret-toggle small">
        <input
          type="checkbox"
          checked={secret}
          onChange={(event) => {
            setShown(false);
            onChange({ secret: event.target.checked });
          }}
        />
        Secret<span className="visually-hidden"> value of header {position}</span>
      </label>
    </span>
  );
}
