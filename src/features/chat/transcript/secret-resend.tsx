import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/ui/button';
import type { Turn } from '@/features/chat/runtime/turn';
import type { TurnActions } from './turn-actions';

type SecretField = NonNullable<NonNullable<Turn['a2uiAnswer']>['secretFields']>[number];

/**
 * Asking a form answer again: its obscured fields (a password, a token) went to the server and were never kept here,
 * so they are typed again before it goes; nothing is sent without them. Other turns go again at once.
 */
export function useSecretResend(turn: Turn, actions: TurnActions): { retry(): void; form: ReactNode } {
  const [asking, setAsking] = useState(false);
  const fields = turn.a2uiAnswer?.secretFields ?? [];
  if (fields.length === 0) return { retry: () => actions.retry(turn), form: null };
  return {
    retry: () => setAsking(true),
    form: asking ? (
      <SecretResendForm
        fields={fields}
        busy={actions.busy}
        onSend={(typed) => {
          setAsking(false);
          actions.retry(turn, typed);
        }}
        onCancel={() => setAsking(false)}
      />
    ) : null,
  };
}

function SecretResendForm({
  fields,
  busy,
  onSend,
  onCancel,
}: {
  fields: readonly SecretField[];
  busy: boolean;
  onSend(typed: Record<string, string>): void;
  onCancel(): void;
}) {
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = fields.find(({ path }) => !typed[path]);
    if (empty) {
      setMissing(`Type ${empty.label} again to send the answer, or Cancel.`);
      return;
    }
    onSend(typed);
  };
  return (
    <form className="secret-resend stack" aria-label="Send the answer again" onSubmit={submit} noValidate>
      <p>
        This answer carried {fields.length === 1 ? 'a secret field' : 'secret fields'}, which this console never keeps.
        Type {fields.length === 1 ? 'it' : 'them'} again to send the answer again.
      </p>
      {fields.map((field, index) => (
        <label key={field.path} className="stack">
          {field.label}
          <input
            ref={index === 0 ? first : undefined}
            type="password"
            autoComplete="off"
            value={typed[field.path] ?? ''}
            aria-invalid={missing !== null && !typed[field.path]}
            onChange={(event) => setTyped((now) => ({ ...now, [field.path]: event.target.value }))}
          />
        </label>
      ))}
      {missing ? (
        <p role="alert" className="field-error">
          {missing}
        </p>
      ) : null}
      <div className="row">
        <Button type="submit" size="small" variant="primary" disabled={busy}>
          Send again
        </Button>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
