import { resolveNumber, resolveString, resolveStringList, resolveValue, ROOT_SCOPE } from './binding';
import { A2UI_VERSION, type Component, type ComponentOf } from './catalog';
import type { Surface } from './surface';
import { reachable } from './tree';

// The turn that answers a surface (CURRENT-SERVERS.md §3.3): `text` is the display chip, `a2uiAction` names the
// pressed Button's event, and `a2uiDataModel` is the whole data model as the person left it.

export interface A2uiAction {
  version: typeof A2UI_VERSION;
  action: { name: string; surfaceId: string; sourceComponentId: string };
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

/** The words on a component (a Button's Text child, an Icon's name), for the chip and for names. */
export function wordsOf(
  component: Component | undefined,
  surface: Surface,
  model: unknown,
  scope = ROOT_SCOPE,
): string {
  if (!component) return '';
  if (component.kind === 'Text') return resolveString(component.text, model, scope);
  if (component.kind === 'Icon') return typeof component.name === 'string' ? component.name : '';
  if (component.kind === 'Button' || component.kind === 'Card')
    return wordsOf(surface.components.get(component.child), surface, model, scope);
  if (component.kind === 'Row' || component.kind === 'Column')
    return Array.isArray(component.children)
      ? component.children
          .map((id) => wordsOf(surface.components.get(id), surface, model, scope))
          .filter(Boolean)
          .join(' ')
      : '';
  return '';
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

/** The answer to send when the person presses `button`. */
export function buildAnswer(surface: Surface, dataModel: unknown, button: ComponentOf<'Button'>): A2uiAnswer {
  const name = actionName(button) ?? button.id;
  const parts = [clip(wordsOf(button, surface, dataModel) || name, VALUE_CAP)];
  for (const { component, scope } of reachable(surface, dataModel)) {
    const entry = shown(component, dataModel, scope);
    if (entry)
      parts.push(entry.label ? `${entry.label}: ${clip(entry.value, VALUE_CAP)}` : clip(entry.value, VALUE_CAP));
  }
  return {
    text: clip(parts.join(' · '), CHIP_CAP),
    a2uiAction: {
      version: A2UI_VERSION,
      action: { name, surfaceId: surface.surfaceId, sourceComponentId: button.id },
    },
    a2uiDataModel: dataModel,
  };
}
