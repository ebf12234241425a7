import { useId, useState, type FormEvent } from 'react';
import type { IdCheck } from '@/domain/catalog/assistant-id';
import './catalog-picker.css';

interface AddByIdFormProps {
  /** e.g. "Add an assistant by ID" */
  label: string;
  check(value: string): IdCheck;
  onAdd(id: string): void;
  /** Takes the keyboard when shown (opened on purpose, in a popover). */
  autoFocus?: boolean;
}

/** A catalog may not list everything a user can call: this adds an item by its ID, refusing a malformed one. */
export function AddByIdForm({ label, check, onAdd, autoFocus = false }: AddByIdFormProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = check(value);
    if (!result.ok) return setError(result.message);
    setValue('');
    setError(null);
    onAdd(result.id);
  };
  return (
    <form className="add-by-id" onSubmit={submit} noValidate>
      <label htmlFor={inputId}>{label}</label>
      <div className="row">
        <input
          id={inputId}
          autoFocus={autoFocus}
          className="mono"
          value={value}
          placeholder="00000000-0000-4000-8000-000000000000"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="button">
          Add
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
