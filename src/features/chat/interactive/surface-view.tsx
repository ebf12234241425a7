import type { FormValue, FormValues } from '@/domain/interactive/response';
import type { ButtonElement, SurfaceElement } from '@/domain/interactive/surface';
import { Button, type ButtonVariant } from '@/ui/button';
import { InputField } from './input-fields';

export interface SurfaceState {
  labels: Readonly<Record<string, string>>;
  values: FormValues;
  problems: Readonly<Record<string, string>>;
  disabled: boolean;
  /** The button pressed when the request was answered: marked on the answered form. */
  pressed: string | null;
  onChange(id: string, value: FormValue): void;
  onPress(button: ButtonElement): void;
}

const variants: Record<ButtonElement['style'], ButtonVariant> = {
  primary: 'primary',
  secondary: 'default',
  danger: 'danger',
};

function Element({ element, state }: { element: SurfaceElement; state: SurfaceState }) {
  switch (element.type) {
    case 'text':
      return <p className="interactive-text">{element.content}</p>;
    case 'column':
    case 'row':
      return (
        <div className={element.type === 'row' ? 'interactive-row' : 'interactive-column'}>
          <Elements elements={element.children} state={state} />
        </div>
      );
    case 'button': {
      const pressed = state.pressed === element.id;
      return (
        <Button
          variant={variants[element.style]}
          size="small"
          disabled={state.disabled}
          className={pressed ? 'interactive-pressed' : undefined}
          onClick={() => state.onPress(element)}
        >
          {pressed ? `✓ ${element.label}` : element.label}
        </Button>
      );
    }
    case 'unsupported':
      return (
        <p className="interactive-unsupported muted small">
          Unsupported element ({element.sentType}): this console cannot show it.
        </p>
      );
    default:
      return (
        <InputField
          element={element}
          label={state.labels[element.id] ?? element.id}
          value={state.values[element.id]}
          problem={state.problems[element.id]}
          disabled={state.disabled}
          onChange={(value) => state.onChange(element.id, value)}
        />
      );
  }
}

/** The elements of a surface in order; a text that names the choice after it is that choice's legend instead. */
export function Elements({ elements, state }: { elements: readonly SurfaceElement[]; state: SurfaceState }) {
  return (
    <>
      {elements.map((element, index) => {
        const next = elements[index + 1];
        if (element.type === 'text' && next?.type === 'multiple_choice' && state.labels[next.id] === element.content)
          return null;
        return <Element key={index} element={element} state={state} />;
      })}
    </>
  );
}
