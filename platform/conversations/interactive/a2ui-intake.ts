// Checks an A2UI answer (`a2uiAction` + `a2uiDataModel`) against the surface stored in the conversation before the
// agent runs, as current servers' intake does (CURRENT-SERVERS.md §3.3), with their 422 texts. Ownership (403) is
// checked earlier, when the call's history is read.
import { ApiError } from '../../api/errors';
import type { A2uiComponent } from '../../assistants/asking/a2ui-surfaces';
import { valueProblem } from './a2ui-values';
import type { Conversation } from '../types';

export const maxA2uiPayloadBytes = 65_536;
export const maxActionNameLength = 128;

/** An answer that passed: what the agent reads. */
export interface CheckedA2uiAnswer {
  surfaceId: string;
  actionName: string;
  sourceComponentId: string | null;
  dataModel: Record<string, unknown>;
  components: A2uiComponent[];
}

const refuse = (message: string): ApiError => new ApiError(422, message, null, null);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The components of a surface, from the `updateComponents` envelopes of the assistant item that created it. */
function storedSurface(conversation: Conversation | undefined, surfaceId: string): A2uiComponent[] | undefined {
  for (const item of conversation?.history ?? []) {
    const envelopes = (item.role === 'Assistant' ? (item.a2uiEnvelopes ?? []) : []).filter(isObject);
    const created = envelopes.some(
      (envelope) => isObject(envelope['createSurface']) && envelope['createSurface']['surfaceId'] === surfaceId,
    );
    if (!created) continue;
    return envelopes.flatMap((envelope) => {
      const update = envelope['updateComponents'];
      if (!isObject(update) || update['surfaceId'] !== surfaceId || !Array.isArray(update['components'])) return [];
      return update['components'].filter(
        (component): component is A2uiComponent =>
          isObject(component) && typeof component['id'] === 'string' && typeof component['component'] === 'string',
      );
    });
  }
  return undefined;
}

/** A user item already answered the surface (a re-answer at that item's own historyIndex is allowed). */
function answeredElsewhere(conversation: Conversation, surfaceId: string, historyIndex: number | undefined): boolean {
  return conversation.history.some((item) => {
    if (item.role !== 'User' || !isObject(item.a2uiAction)) return false;
    const action = item.a2uiAction['action'];
    return isObject(action) && action['surfaceId'] === surfaceId && item.historyIndex !== historyIndex;
  });
}

/** The ids a component points at: container children, a single child, tab children, a modal's content. */
function childIds(component: A2uiComponent): string[] {
  const ids: unknown[] = [];
  if (Array.isArray(component['children'])) ids.push(...component['children']);
  ids.push(component['child'], component['content']);
  if (Array.isArray(component['tabs']))
    ids.push(...component['tabs'].map((tab) => (isObject(tab) ? tab['child'] : null)));
  return ids.filter((id): id is string => typeof id === 'string');
}

/** The action names of the Buttons reachable from `root`; a Modal's trigger opens the modal and submits nothing. */
export function offeredActions(components: readonly A2uiComponent[]): Set<string> {
  const byId = new Map(components.map((component) => [component.id, component]));
  const names = new Set<string>();
  const seen = new Set<string>();
  const queue = ['root'];
  while (queue.length > 0) {
    const component = byId.get(queue.shift() ?? '');
    if (!component || seen.has(component.id)) continue;
    seen.add(component.id);
    const action = component['action'];
    const event = isObject(action) ? action['event'] : undefined;
    if (component.component === 'Button' && isObject(event) && typeof event['name'] === 'string')
      names.add(event['name']);
    queue.push(...childIds(component));
  }
  return names;
}

/** The top-level data model keys the components bind (`{path: "/key/…"}` in any property), with their components. */
export function boundComponents(components: readonly A2uiComponent[]): Map<string, A2uiComponent[]> {
  const bound = new Map<string, A2uiComponent[]>();
  for (const component of components) {
    for (const [property, value] of Object.entries(component)) {
      if (property === 'checks' || !isObject(value) || typeof value['path'] !== 'string') continue;
      const key = value['path'].split('/').filter((part) => part !== '')[0];
      if (key === undefined) continue;
      const list = bound.get(key) ?? [];
      if (property === 'value') list.push(component);
      bound.set(key, list);
    }
  }
  return bound;
}

/** The value a JSON pointer names in the data model, or undefined. */
function at(dataModel: Record<string, unknown>, path: string): unknown {
  let current: unknown = dataModel;
  for (const part of path.split('/').filter((segment) => segment !== '')) {
    if (!isObject(current)) return undefined;
    current = current[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

/**
 * The answer checked against the stored surface, in real servers' order. Throws the 422 they answer (raised inside
 * the handler, so the caller stores it as an error turn, as the 2.42 interactive intake does).
 */
export function checkA2uiAnswer(
  conversation: Conversation | undefined,
  rawAction: unknown,
  rawDataModel: unknown,
  historyIndex: number | undefined,
): CheckedA2uiAnswer {
  if (rawAction === undefined) throw refuse('A2UI data model sent without an A2UI action');
  const action = isObject(rawAction) ? rawAction['action'] : undefined;
  if (!isObject(action) || typeof action['surfaceId'] !== 'string' || action['surfaceId'] === '')
    throw refuse('Invalid A2UI action envelope');
  if (typeof action['name'] !== 'string' || action['name'] === '') throw refuse('Invalid A2UI action envelope');
  if (rawDataModel !== undefined && !isObject(rawDataModel)) throw refuse('Invalid A2UI data model');
  const dataModel = rawDataModel ?? {};
  const size = Buffer.byteLength(JSON.stringify(rawAction)) + Buffer.byteLength(JSON.stringify(dataModel));
  if (size > maxA2uiPayloadBytes) throw refuse(`Payload too large (max ${maxA2uiPayloadBytes} bytes)`);

  const surfaceId = action['surfaceId'];
  const components = storedSurface(conversation, surfaceId);
  if (!conversation || !components) throw refuse('Unknown A2UI surface');
  if (answeredElsewhere(conversation, surfaceId, historyIndex)) throw refuse('Surface already answered');

  const name = action['name'];
  if (name.length > maxActionNameLength)
    throw refuse(`Action name is too long (max ${maxActionNameLength} characters)`);
  const offered = offeredActions(components);
  if (offered.size === 0) throw refuse('Surface offers no action to submit');
  if (!offered.has(name)) throw refuse(`Action name '${name}' is not offered by surface`);

  const bound = boundComponents(components);
  for (const key of Object.keys(dataModel)) if (!bound.has(key)) throw refuse(`Unknown A2UI data model key: '${key}'`);
  for (const component of components) {
    const binding = component['value'];
    if (!isObject(binding) || typeof binding['path'] !== 'string') continue;
    const value = at(dataModel, binding['path']);
    if (value === undefined) continue;
    const problem = valueProblem(component, value);
    if (problem) throw refuse(problem);
  }
  const source = action['sourceComponentId'];
  return {
    surfaceId,
    actionName: name,
    sourceComponentId: typeof source === 'string' ? source : null,
    dataModel,
    components,
  };
}
