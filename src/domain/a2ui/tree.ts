import { childIdsOf, type Component } from './catalog';
import { getAt, resolvePointer } from './pointer';
import { ROOT_SCOPE } from './binding';
import type { Surface } from './surface';

/** A component where it is shown: template items show one component once per item, each with its own scope. */
export interface Placed {
  component: Component;
  /** The data-model pointer relative paths are read against ("/" outside templates). */
  scope: string;
  /** What identifies this placement: the id, plus the scope inside a template. */
  key: string;
}

export const placementKey = (id: string, scope: string): string => (scope === ROOT_SCOPE ? id : `${id}@${scope}`);

/** The scopes of a template's items: one pointer per item of the list at its path. */
export function templateScopes(path: string, model: unknown, scope: string): string[] {
  const base = resolvePointer(path, scope);
  const items = getAt(model, base);
  if (Array.isArray(items)) return items.map((_, index) => `${base === '/' ? '' : base}/${index}`);
  if (typeof items === 'object' && items !== null)
    return Object.keys(items).map(
      (key) => `${base === '/' ? '' : base}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
    );
  return [];
}

/** Every component reachable from the root, depth first, each placement once (cycles are cut). */
export function reachable(surface: Surface, model: unknown): Placed[] {
  const placed: Placed[] = [];
  const seen = new Set<string>();
  const visit = (id: string, scope: string) => {
    const key = placementKey(id, scope);
    const component = surface.components.get(id);
    if (!component || seen.has(key)) return;
    seen.add(key);
    placed.push({ component, scope, key });
    if (
      (component.kind === 'Row' || component.kind === 'Column' || component.kind === 'List') &&
      !Array.isArray(component.children)
    ) {
      const { componentId, path } = component.children;
      for (const itemScope of templateScopes(path, model, scope)) visit(componentId, itemScope);
      return;
    }
    for (const child of childIdsOf(component)) visit(child, scope);
  };
  visit(surface.rootId, ROOT_SCOPE);
  return placed;
}
