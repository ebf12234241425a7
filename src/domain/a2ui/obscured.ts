import { secretMask } from '@/domain/headers/secrets';
import { boundPath, resolveString } from './binding';
import { getAt, setAt } from './pointer';
import { foldEnvelopes, type Surface } from './surface';
import { reachable } from './tree';

// An obscured text field (a password, a token) is a secret: its value goes to the server on the wire and nowhere else.
// The console keeps the answer's data model with the mask at those paths, and the value itself only while it is sent.

/** Where an obscured field keeps its value, and what it is called (to ask for it again). */
export interface SecretField {
  path: string;
  label: string;
}

/** The obscured fields the person filled in on a surface, and what they hold: what must travel on the wire only. */
export interface AnswerSecrets {
  fields: SecretField[];
  values: string[];
}

/** The obscured fields of the surface that hold a value in `model` (template items each have their own path). */
export function answerSecrets(surface: Surface, model: unknown): AnswerSecrets {
  const fields = new Map<string, SecretField>();
  const values: string[] = [];
  for (const { component, scope } of reachable(surface, model)) {
    if (component.kind !== 'TextField' || component.variant !== 'obscured') continue;
    const path = boundPath(component.value, scope);
    const value = path === null ? undefined : getAt(model, path);
    if (path === null || fields.has(path) || typeof value !== 'string' || value === '') continue;
    fields.set(path, { path, label: resolveString(component.label, model, scope) || 'Secret' });
    values.push(value);
  }
  return { fields: [...fields.values()], values };
}

/** The model with the mask where an obscured field holds a value; the same object when none does. */
export function maskSecretFields(model: unknown, fields: readonly SecretField[]): unknown {
  let masked = model;
  for (const { path } of fields) {
    const value = getAt(masked, path);
    if (typeof value === 'string' && value !== '') masked = setAt(masked, path, secretMask);
  }
  return masked;
}

/** The model with values typed again for its masked fields (a re-sent answer): fields without a new value stay. */
export function fillSecretFields(
  model: unknown,
  fields: readonly SecretField[],
  values: Readonly<Record<string, string>>,
): unknown {
  let filled = model;
  for (const { path } of fields) {
    const value = values[path];
    if (value !== undefined) filled = setAt(filled, path, value);
  }
  return filled;
}

const surfaceIdOf = (action: unknown): string | undefined => {
  const inner = typeof action === 'object' && action !== null ? (action as { action?: unknown }).action : undefined;
  const id = typeof inner === 'object' && inner !== null ? (inner as { surfaceId?: unknown }).surfaceId : undefined;
  return typeof id === 'string' ? id : undefined;
};

/**
 * A form answer as this console keeps it: the data model masked where the form (`envelopes`, the asking answer's)
 * had an obscured field holding a value, and those fields named. Null when there is nothing to hide.
 */
export function answerKeptWithoutSecrets(
  envelopes: readonly unknown[],
  action: unknown,
  dataModel: unknown,
): { dataModel: unknown; secretFields: SecretField[] } | null {
  const surfaceId = surfaceIdOf(action);
  const surface = foldEnvelopes(envelopes).find((candidate) => candidate.surfaceId === surfaceId);
  if (!surface) return null;
  const { fields } = answerSecrets(surface, dataModel);
  return fields.length === 0 ? null : { dataModel: maskSecretFields(dataModel, fields), secretFields: fields };
}
