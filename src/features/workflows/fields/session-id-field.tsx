import { useId } from 'react';
import { newSessionId } from '@/domain/workflows/request/session-id';
import './fields.css';

interface SessionIdFieldProps {
  label: string;
  value: string;
  /** What the id is for; replaced by the problem when there is one. */
  hint: string;
  problem?: string | undefined;
  onChange(value: string): void;
}

/** A session id groups runs in the trace view: typed, pasted or generated. */
export function SessionIdField({ label, value, hint, problem, onChange }: SessionIdFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="row">
        <input
          id={id}
          className="mono grow"
          value={value}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="button button-small"
          onClick={() => onChange(newSessionId(() => crypto.randomUUID()))}
        >
          Generate
        </button>
      </div>
      <p id={`${id}-hint`} className={problem ? 'field-error' : 'muted small'}>
        {problem ?? hint}
      </p>
    </div>
  );
}
