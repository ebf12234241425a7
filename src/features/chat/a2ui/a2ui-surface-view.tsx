// A2UI renderer decision (EPMCDME-13910 follow-up): built on react-aria-components, not taken from a package.
// `@a2ui/lit` 0.11.0 and `@copilotkit/a2ui-renderer` 1.74.0 exist on the mirror, but both are Lit web components
// over `@a2ui/web_core` with zod 3 (a second zod beside our zod 4), signals and lit as new dependencies; their
// styles and theming live in shadow DOM outside our tokens and both themes, their inputs are not react-aria's, and
// what they fetch for media is not behind a consent. The official `@a2ui/react` 0.11.1 (weighed again for issue 41)
// is React, but also needs zod 3 and `@a2ui/web_core`, renders markdown with `dangerouslySetInnerHTML`, lays out with
// inline `style` props, loads media unasked, and has no react-aria inputs. The catalog is 19 components: our own
// renderer over `src/domain/a2ui` passes every official replay (a2ui-conformance.test.tsx), is smaller than the
// integration, runs under the strict CSP (classes from a2ui.css, no inline style attributes), and stays accessible
// and themed like the rest of the console.
import { useId, useState, type FormEvent } from 'react';
import { buildAnswer, type A2uiAnswer } from '@/domain/a2ui/answer';
import type { ComponentOf } from '@/domain/a2ui/catalog';
import { setAt } from '@/domain/a2ui/pointer';
import type { Surface } from '@/domain/a2ui/surface';
import { tooLargeToShow } from '@/domain/a2ui/tree';
import { buttonProblem, validateSurface, type SurfaceProblems } from '@/domain/a2ui/validate';
import { Button } from '@/ui/button';
import type { RenderContext } from './a2ui-context';
import { Node } from './a2ui-node';
import { OpenUrlConfirm } from './a2ui-open-url';
import { isPressable, linkOf, type PendingLink } from '@/domain/a2ui/functions/open-url';
import { fillSecretFields, type SecretField } from '@/domain/a2ui/obscured';
import './a2ui.css';

/** Where a surface stands: open to answer, answered (with what was sent), passed by, or waiting on a running turn. */
export type A2uiSurfaceState =
  | { kind: 'active' }
  | {
      kind: 'submitted';
      /** The data model that was sent; the form shows it. */
      dataModel: unknown;
      /** The answer's display chip. */
      text?: string | undefined;
      /** The Button the answer came from, marked on the form. */
      sourceComponentId?: string | undefined;
      /** Obscured fields that held a value: sent, never kept (the data model holds the mask there). */
      secretFields?: readonly SecretField[] | undefined;
    }
  | { kind: 'stale' }
  | { kind: 'busy' };

export interface A2uiSurfaceViewProps {
  surface: Surface;
  state: A2uiSurfaceState;
  /** Sends the answer. A rejection's message (e.g. a 422 reason) is shown in the form, which stays as typed. */
  onSubmit(answer: A2uiAnswer): void | Promise<void>;
  /** Offered on a submitted surface: reopens it for a re-answer. */
  onEdit?: (() => void) | undefined;
  /** An answer is on its way (sent from outside this form). */
  busy?: boolean | undefined;
  /** The form's name, e.g. "Build bot asks". */
  ariaLabel: string;
  /** The API's origin: pictures there can be shown (read as data: URLs) once the person agrees. */
  apiOrigin?: string | null | undefined;
  /** Who sent the form ("Build bot"), named on what it opens. */
  agentName?: string | undefined;
}

/** The person's edits, by pointer, the latest last: laid over the agent's data model whenever that changes. */
type Edits = ReadonlyMap<string, unknown>;
const withEdits = (base: unknown, edits: Edits): unknown =>
  [...edits].reduce((model, [pointer, value]) => setAt(model, pointer, value), base);

const notes: Record<A2uiSurfaceState['kind'], string | null> = {
  active: null,
  submitted: null,
  stale: 'Not answered: the conversation went on without it.',
  busy: 'You can answer once the answer in progress ends.',
};

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'The answer could not be sent.';

/** An agent's A2UI surface as a form: its components, bound to a local copy of the data model. */
export function A2uiSurfaceView({
  surface,
  state,
  onSubmit,
  onEdit,
  busy = false,
  ariaLabel,
  apiOrigin = null,
  agentName = 'The assistant',
}: A2uiSurfaceViewProps) {
  const titleId = useId();
  const [overlayContainer, setOverlayContainer] = useState<HTMLFormElement | null>(null);
  // What the person changed, laid over the agent's data model: a model that arrives after the components (the order
  // of every official example) or changes later still shows, and the edits stay.
  const [edits, setEdits] = useState<Edits>(() => new Map());
  // After an answer, the form shows what was sent, and a re-answer starts from it.
  const [sent, setSent] = useState<{ model: unknown } | null>(() =>
    state.kind === 'submitted' ? { model: state.dataModel ?? surface.dataModel } : null,
  );
  const [seenState, setSeenState] = useState(state);
  const [problems, setProblems] = useState<SurfaceProblems>({});
  const [buttonIssue, setButtonIssue] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [allowedOrigins, setAllowedOrigins] = useState<ReadonlySet<string>>(() => new Set());
  const [link, setLink] = useState<PendingLink | null>(null);
  if (seenState !== state) {
    setSeenState(state);
    if (state.kind === 'submitted') {
      setSent({ model: state.dataModel ?? surface.dataModel });
      setEdits(new Map());
    } else if (sent && seenState.kind === 'submitted' && seenState.secretFields?.length) {
      // A re-answer types its secrets again: the mask the answer kept is not a value to send.
      const blanks = Object.fromEntries(seenState.secretFields.map(({ path }) => [path, '']));
      setSent({ model: fillSecretFields(sent.model, seenState.secretFields, blanks) });
    }
  }
  const model = withEdits(sent ? sent.model : surface.dataModel, edits);
  const disabled = state.kind !== 'active' || busy || sending;
  const tooLarge = tooLargeToShow(surface, model);

  const press = (button: ComponentOf<'Button'>, scope: string) => {
    if (disabled || tooLarge || !isPressable(button)) return;
    const issue = buttonProblem(button, model, scope);
    if (issue) return setButtonIssue(issue);
    const pending = linkOf(button, model, scope);
    if (pending) return setLink(pending);
    const found = validateSurface(surface, model);
    setProblems(found);
    setButtonIssue(null);
    if (Object.keys(found).length > 0) {
      // The first field with a problem takes the keyboard, so its message is read where it is.
      requestAnimationFrame(() => {
        const candidates = overlayContainer?.querySelectorAll<HTMLElement>(
          'input[aria-invalid="true"], textarea[aria-invalid="true"], [data-invalid] input',
        );
        [...(candidates ?? [])].find((element) => !element.closest('[inert]'))?.focus();
      });
      return;
    }
    setRefusal(null);
    setSending(true);
    // The pressed button is disabled while the answer goes: the form keeps the keyboard (its state is read out from
    // its title), rather than the page's body.
    overlayContainer?.focus();
    Promise.resolve()
      .then(() => onSubmit(buildAnswer(surface, model, button, scope)))
      .catch((error: unknown) => setRefusal(messageOf(error)))
      .finally(() => setSending(false));
  };

  const ctx: RenderContext = {
    surface,
    model,
    problems,
    disabled,
    pressedId: state.kind === 'submitted' ? (state.sourceComponentId ?? null) : null,
    agentName,
    overlayContainer,
    mediaAllowed: (origin) => allowedOrigins.has(origin),
    apiOrigin,
    allowMedia: (origin) => setAllowedOrigins((current) => new Set([...current, origin])),
    setValue: (pointer, value) => {
      setEdits((current) => {
        const next = new Map(current);
        next.delete(pointer);
        return next.set(pointer, value);
      });
      setProblems({});
      setButtonIssue(null);
    },
    press,
  };
  // Enter in a field never presses one of the agent's buttons: only a click does.
  const onFormSubmit = (event: FormEvent) => event.preventDefault();
  const note = sending || busy ? 'Sending your answer…' : notes[state.kind];
  const invalid = Object.keys(problems).length > 0;
  return (
    <form
      ref={setOverlayContainer}
      className={`a2ui-form a2ui-${state.kind}`}
      aria-labelledby={titleId}
      aria-busy={sending || busy || state.kind === 'busy'}
      tabIndex={-1}
      onSubmit={onFormSubmit}
      noValidate
    >
      <p className="a2ui-title small">
        <span id={titleId}>{ariaLabel}</span>
        {state.kind === 'active' ? <span className="a2ui-waiting"> · Waiting for you</span> : null}
      </p>
      {tooLarge ? (
        <p className="a2ui-notice" role="note">
          This form is too large to show. You can answer in the message box instead.
        </p>
      ) : (
        <Node id={surface.rootId} scope="/" ctx={ctx} />
      )}
      {link ? <OpenUrlConfirm link={link} agentName={agentName} onDone={() => setLink(null)} /> : null}
      {invalid ? (
        <p className="a2ui-problem" role="alert">
          Some answers need a change before this can be sent.
        </p>
      ) : null}
      {buttonIssue ? (
        <p className="a2ui-problem" role="alert">
          {buttonIssue}
        </p>
      ) : null}
      {refusal !== null && state.kind === 'active' ? (
        <div className="a2ui-refusal" role="alert">
          <p>The server refused this answer:</p>
          <p className="a2ui-refusal-text">{refusal}</p>
          <p className="small">Your answers are kept; change them and send again.</p>
        </div>
      ) : null}
      {state.kind === 'submitted' ? (
        <div className="a2ui-sent">
          <p className="small">
            Answered{state.text ? ': ' : '.'}
            {state.text ? <strong>{state.text}</strong> : null}
          </p>
          {onEdit ? (
            <Button size="small" onClick={onEdit}>
              Edit answer
            </Button>
          ) : null}
        </div>
      ) : null}
      {note ? <p className="small muted">{note}</p> : null}
    </form>
  );
}
