import { resolveNumber, resolveString, resolveStringList, resolveValue, ROOT_SCOPE } from './binding';
import { A2UI_VERSION, type Component, type ComponentOf } from './catalog';
import { evaluate } from './functions/evaluate';
import { answerSecrets, maskSecretFields } from './obscured';
import type { Surface } from './surface';
import { DEPTH_CAP, reachable } from './tree';

// The turn that answers a surface (CURRENT-SERVERS.md §3.3): `text` is the display chip, `a2uiAction` names the
// pressed Button's event (with its `context` resolved against the data model, as the protocol's action message
// carries it, obscured fields masked), and `a2uiDataModel` is the whole data model as the person left it.

export interface A2uiAction {
  version: typeof A2UI_VERSION;
  action: {
    name: string;
    surfaceId: string;
    sourceComponentId: string;
    /** The event's context, each value resolved (a path read, a call evaluated); only when the event has one. */
    context?: Record<string, unknown>;
  };
}
export interface A2uiAnswer {
  /** A short display chip, e.g. "Approve · Reason: Tests pass". */
  text: string;
  a2uiAction: A2uiAction;
  a2uiDataModel: unknown;
}

const CHIP_CAP = 300;
const VALUE_CAP = 60;
const clip = (text: string, cap: number) => (text.length > cap ? `${text.slice(0, cap - 1)}…` : text);

const WORDS_CAP = 200;

/** The words on a component (a Button's Text child, an Icon's name), for the chip and for names. */
export function wordsOf(
  component: Component | undefined,
  surface: Surface,
  model: unknown,
  scope = ROOT_SCOPE,
  trail: readonly string[] = [],
): string {
  // Cycles are cut and depth is capped: a trigger whose child lists itself must not hang the page.
  if (!component || trail.includes(component.id) || trail.length > DEPTH_CAP) return '';
  const next = [...trail, component.id];
  const inner = (id: string) => wordsOf(surface.components.get(id), surface, model, scope, next);
  let words = '';
  if (component.kind === 'Text') words = resolveString(component.text, model, scope);
  else if (component.kind === 'Icon') words = typeof component.name === 'string' ? component.name : '';
  else if (component.kind === 'Button' || component.kind === 'Card') words = inner(component.child);
  else if ((component.kind === 'Row' || component.kind === 'Column') && Array.isArray(component.children)) {
    const parts: string[] = [];
    for (const id of component.children) {
      const part = inner(id);
      if (part) parts.push(part);
      if (parts.join(' ').length > WORDS_CAP) break;
    }
    words = parts.join(' ');
  }
  return clip(words, WORDS_CAP);
}

function shown(component: Component, model: unknown, scope: string): { label: string; value: string } | null {
  switch (component.kind) {
    case 'TextField': {
      const value = resolveString(component.value, model, scope).trim();
      const label = resolveString(component.label, model, scope);
      if (value === '') return null;
      return { label, value: component.variant === 'obscured' ? '••••' : value };
    }
    case 'CheckBox':
      return resolveValue(component.value, model, scope) === true
        ? { label: resolveString(component.label, model, scope), value: 'yes' }
        : null;
    case 'ChoicePicker': {
      const chosen = resolveStringList(component.value, model, scope);
      const labelOf = (value: string) => {
        const option = component.options.find((candidate) => candidate.value === value);
        return option ? resolveString(option.label, model, scope) || value : value;
      };
      return chosen.length === 0
        ? null
        : { label: resolveString(component.label, model, scope), value: chosen.map(labelOf).join(', ') };
    }
    case 'Slider': {
      const value = resolveNumber(component.value, model, scope);
      return value === undefined ? null : { label: resolveString(component.label, model, scope), value: String(value) };
    }
    case 'DateTimeInput': {
      const value = resolveString(component.value, model, scope);
      return value === '' ? null : { label: resolveString(component.label, model, scope), value };
    }
    default:
      return null;
  }
}

/** The event name a Button sends, or null for a Button without a server event (a local function call). */
export const actionName = (button: ComponentOf<'Button'>): string | null =>
  'event' in button.action ? button.action.event.name : null;

/** The event's context with each value resolved in the button's scope; undefined when the event has none. */
export function resolvedContext(
  button: ComponentOf<'Button'>,
  dataModel: unknown,
  scope = ROOT_SCOPE,
): Record<string, unknown> | undefined {
  if (!('event' in button.action) || button.action.event.context === undefined) return undefined;
  const context: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(button.action.event.context))
    Object.defineProperty(context, key, {
      value: evaluate(value, { model: dataModel, scope }) ?? null,
      enumerable: true,
      writable: true,
    });
  return context;
}

/** The answer to send when the person presses `button` (in `scope`, inside a template). */
export function buildAnswer(
  surface: Surface,
  dataModel: unknown,
  button: ComponentOf<'Button'>,
  scope = ROOT_SCOPE,
): A2uiAnswer {
  const name = actionName(button) ?? button.id;
  const parts = [clip(wordsOf(button, surface, dataModel, scope) || name, VALUE_CAP)];
  // An obscured field's value travels in the data model only: the context, kept with the answer's action, reads it
  // masked.
  const context = resolvedContext(button, maskSecretFields(dataModel, answerSecrets(surface, dataModel).fields), scope);
  for (const { component, scope } of reachable(surface, dataModel)) {
    const entry = shown(component, dataModel, scope);
    if (entry)
      parts.push(entry.label ? `${entry.label}: ${clip(entry.value, VALUE_CAP)}` : clip(entry.value, VALUE_CAP));
  }
  return {
    text: clip(parts.join(' · '), CHIP_CAP),
    a2uiAction: {
      version: A2UI_VERSION,
      action: {
        name,
        surfaceId: surface.surfaceId,
        sourceComponentId: button.id,
        ...(context === undefined ? {} : { context }),
      },
    },
    a2uiDataModel: dataModel,
  };
}
