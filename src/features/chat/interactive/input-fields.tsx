import { useId } from 'react';
import type { FormValue } from '@/domain/interactive/response';
import type { InputElement, MultipleChoiceElement } from '@/domain/interactive/surface';

export interface FieldProps<E extends InputElement = InputElement> {
  element: E;
  /** The input's name: its label, or for a choice the text shown before it. */
  label: string;
  value: FormValue | undefined;
  problem: string | undefined;
  disabled: boolean;
  onChange(value: FormValue): void;
}

/** The problem under a field, tied to it by id (read with the field, and announced when it appears). */
function Problem({ id, problem }: { id: string; problem: string | undefined }) {
  return problem ? (
    <p id={id} className="interactive-problem" role="alert">
      {problem}
    </p>
  ) : null;
}

/** Radios for one choice; checkboxes for several, the unchosen ones disabled at the cap. */
function ChoiceField({ element, label, value, problem, disabled, onChange }: FieldProps<MultipleChoiceElement>) {
  const name = useId();
  const chosen = Array.isArray(value) ? value : [];
  const single = element.max_allowed_selections <= 1;
  const full = chosen.length >= element.max_allowed_selections;
  return (
    <fieldset
      className="interactive-field interactive-choice"
      aria-describedby={problem ? `${name}-problem` : undefined}
    >
      <legend>{label}</legend>
      {element.options.map((option) => {
        const checked = chosen.includes(option.value);
        const toggle = (on: boolean) =>
          onChange(
            single ? [option.value] : on ? [...chosen, option.value] : chosen.filter((other) => other !== option.value),
          );
        return (
          <label key={option.value} className="interactive-option">
            <input
              type={single ? 'radio' : 'checkbox'}
              name={name}
              value={option.value}
              checked={checked}
              disabled={disabled || (!single && full && !checked)}
              onChange={(event) => toggle(event.target.checked)}
            />
            {option.label}
          </label>
        );
      })}
      <Problem id={`${name}-problem`} problem={problem} />
    </fieldset>
  );
}

/** One input with its label above and its problem below. */
export function InputField(props: FieldProps) {
  const id = useId();
  const { element, label, value, problem, disabled, onChange } = props;
  if (element.type === 'multiple_choice') return <ChoiceField {...props} element={element} />;
  const described = problem ? { 'aria-describedby': `${id}-problem`, 'aria-invalid': true } : {};
  const text = typeof value === 'string' ? value : '';
  if (element.type === 'checkbox') {
    return (
      <div className="interactive-field">
        <label className="interactive-option">
          <input
            type="checkbox"
            checked={value === true}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
            {...described}
          />
          {label}
          {element.validation?.required ? <span className="muted"> (required)</span> : null}
        </label>
        <Problem id={`${id}-problem`} problem={problem} />
      </div>
    );
  }
  const required = element.type === 'text_field' ? element.validation?.required === true : element.required;
  return (
    <div className="interactive-field">
      <label htmlFor={id}>
        {label}
        {required ? <span className="muted"> (required)</span> : null}
      </label>
      {element.type === 'dropdown' ? (
        <select
          id={id}
          className="control"
          value={text}
          disabled={disabled}
          aria-required={required}
          onChange={(event) => onChange(event.target.value)}
          {...described}
        >
          <option value="">{element.placeholder ?? 'Choose…'}</option>
          {element.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          className="control"
          type={element.type === 'date_picker' ? 'date' : element.validation?.email ? 'email' : 'text'}
          value={text}
          disabled={disabled}
          aria-required={required}
          {...(element.type === 'date_picker' ? { min: element.min ?? undefined, max: element.max ?? undefined } : {})}
          onChange={(event) =>
            onChange(element.type === 'date_picker' ? event.target.value.slice(0, 10) : event.target.value)
          }
          {...described}
        />
      )}
      <Problem id={`${id}-problem`} problem={problem} />
    </div>
  );
}
