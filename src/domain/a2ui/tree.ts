import { childIdsOf, type Component } from './catalog';
import { getAt, resolvePointer } from './pointer';
import { ROOT_SCOPE } from './binding';
import type { Surface } from './surface';

// How a surface's components are placed: from the root, through children, templates (one placement per item) and
// tabs. Components are shared by id, so a few components can ask for millions of placements (each Column listing the
// next one five times); every walk here is bounded: cycles are cut, depth stops at DEPTH_CAP, a template shows at most
// TEMPLATE_ITEM_CAP items, and a surface needing more than PLACEMENT_CAP placements is not drawn at all.

/** A component where it is shown: template items show one component once per item, each with its own scope. */
export interface Placed {
  component: Component;
  /** The data-model pointer relative paths are read against ("/" outside templates). */
  scope: string;
  /** What identifies this placement: the id, plus the scope inside a template. */
  key: string;
}

export const DEPTH_CAP = 40;
export const TEMPLATE_ITEM_CAP = 200;
export const PLACEMENT_CAP = 3000;

export const placementKey = (id: string, scope: string): string => (scope === ROOT_SCOPE ? id : `${id}@${scope}`);

const escapeToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The scopes of a template's items: one pointer per item of the list at its path (the first TEMPLATE_ITEM_CAP). */
export function templateScopes(path: string, model: unknown, scope: string): string[] {
  const base = resolvePointer(path, scope);
  const prefix = base === '/' ? '' : base;
  const items = getAt(model, base);
  if (Array.isArray(items))
    return Array.from({ length: Math.min(items.length, TEMPLATE_ITEM_CAP) }, (_, index) => `${prefix}/${index}`);
  if (typeof items === 'object' && items !== null)
    return Object.keys(items)
      .slice(0, TEMPLATE_ITEM_CAP)
      .map((key) => `${prefix}/${escapeToken(key)}`);
  return [];
}

/** The placements a component's children take: (id, scope) pairs, in order. */
export function childPlacements(component: Component, model: unknown, scope: string): [string, string][] {
  if (
    (component.kind === 'Row' || component.kind === 'Column' || component.kind === 'List') &&
    !Array.isArray(component.children)
  ) {
    const { componentId, path } = component.children;
    return templateScopes(path, model, scope).map((itemScope) => [componentId, itemScope]);
  }
  return childIdsOf(component).map((id) => [id, scope]);
}

/**
 * How many placements drawing the surface takes, as the renderer draws it (a shared child once per parent; cycles
 * cut, depth capped), counting no further than `cap + 1`.
 */
export function countPlacements(surface: Surface, model: unknown, cap = PLACEMENT_CAP): number {
  let count = 0;
  const visit = (id: string, scope: string, trail: readonly string[]) => {
    if (count > cap) return;
    const component = surface.components.get(id);
    if (!component || trail.includes(id) || trail.length > DEPTH_CAP) return;
    count += 1;
    const next = [...trail, id];
    for (const [child, childScope] of childPlacements(component, model, scope)) {
      if (count > cap) return;
      visit(child, childScope, next);
    }
  };
  visit(surface.rootId, ROOT_SCOPE, []);
  return count;
}

/** Whether the surface needs more placements than the console draws. */
export const tooLargeToShow = (surface: Surface, model: unknown): boolean =>
  surface.overflow || countPlacements(surface, model) > PLACEMENT_CAP;

/** Every component reachable from the root, depth first, each placement once (cycles cut, bounded as above). */
export function reachable(surface: Surface, model: unknown): Placed[] {
  const placed: Placed[] = [];
  const seen = new Set<string>();
  const visit = (id: string, scope: string, depth: number) => {
    const key = placementKey(id, scope);
    const component = surface.components.get(id);
    if (!component || seen.has(key) || depth > DEPTH_CAP || placed.length >= PLACEMENT_CAP) return;
    seen.add(key);
    placed.push({ component, scope, key });
    for (const [child, childScope] of childPlacements(component, model, scope)) visit(child, childScope, depth + 1);
  };
  visit(surface.rootId, ROOT_SCOPE, 0);
  return placed;
}
