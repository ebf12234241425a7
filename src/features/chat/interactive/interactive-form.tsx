import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  buildResponse,
  formProblems,
  initialValues,
  labelsOf,
  type FormValues,
  type InteractiveResponse,
} from '@/domain/interactive/response';
import { buttonsOf, inputsOf, type ButtonElement, type InteractiveRequest } from '@/domain/interactive/surface';
import { Button } from '@/ui/button';
import { Elements, type SurfaceState } from './surface-view';

/** Where the question stands: open to answer, its answer on the way, answered, or passed by (the chat went on). */
export type RequestStage = 'open' | 'waiting' | 'sending' | 'answered' | 'passed';

interface InteractiveFormProps {
  request: InteractiveRequest;
  assistantName: string;
  stage: RequestStage;
  /** The answer sent (shown when answered; the values to start from after a refused answer). */
  answer?: InteractiveResponse | undefined;
  /** The answer's display chip, once answered. */
  chip?: string | undefined;
  /** Why the server refused the last answer, in its words. */
  refusal?: string | undefined;
  onAnswer(text: string, response: InteractiveResponse): void;
}

const stageNote: Record<RequestStage, string | null> = {
  open: null,
  waiting: 'You can answer once the answer in progress ends.',
  sending: 'Sending your answer…',
  answered: null,
  passed: 'Not answered: the conversation went on without it.',
};

/** The agent's question as a small form: its elements in order, answered with a button or "Submit". */
export function InteractiveForm({
  request,
  assistantName,
  stage,
  answer,
  chip,
  refusal,
  onAnswer,
}: InteractiveFormProps) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const labels = useMemo(() => labelsOf(request.surface), [request]);
  const buttons = useMemo(() => buttonsOf(request.surface), [request]);
  const hasInputs = useMemo(() => inputsOf(request.surface).length > 0, [request]);
  const [values, setValues] = useState<FormValues>(() => initialValues(request, answer));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const editable = stage === 'open';
  // The answered form shows what was sent, whatever was typed in this tab.
  const shown = stage === 'answered' && answer ? initialValues(request, answer) : values;

  const send = (pressed: ButtonElement | null) => {
    if (!editable) return;
    const found = formProblems(request, values);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      // The first field with a problem takes the keyboard, so its message is read where it is.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input')?.focus(),
      );
      return;
    }
    const built = buildResponse(request, values, pressed);
    onAnswer(built.text, built.response);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Enter in a field sends only a form without buttons of its own: a button's choice is never made by accident.
    if (buttons.length === 0) send(null);
  };
  const state: SurfaceState = {
    labels,
    values: shown,
    problems,
    disabled: !editable,
    pressed: stage === 'answered' ? (answer?.payload.action ?? null) : null,
    onChange: (id, value) => {
      setValues((current) => ({ ...current, [id]: value }));
      setProblems(({ [id]: _fixed, ...rest }) => rest);
    },
    onPress: send,
  };
  const note = stageNote[stage];
  return (
    <form
      ref={formRef}
      className={`interactive-form interactive-${stage}`}
      aria-labelledby={titleId}
      onSubmit={onSubmit}
      noValidate
    >
      <p id={titleId} className="interactive-title small muted">
        {assistantName} asks
      </p>
      <Elements elements={request.surface} state={state} />
      {hasInputs && buttons.length === 0 ? (
        <div className="interactive-row">
          <Button type="submit" variant="primary" size="small" disabled={!editable}>
            Submit
          </Button>
        </div>
      ) : null}
      {refusal && editable ? (
        <p className="interactive-refusal" role="alert">
          The server refused this answer: {refusal}. Your answers are kept; change them and send again.
        </p>
      ) : null}
      {stage === 'answered' && chip ? (
        <p className="interactive-sent small">
          Answered: <strong>{chip}</strong>
        </p>
      ) : null}
      {note ? <p className="small muted">{note}</p> : null}
    </form>
  );
}
