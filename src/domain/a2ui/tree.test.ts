import { describe, expect, it } from 'vitest';
import { fanOut, surfaceOf } from '@/test/a2ui-surfaces';
import { countPlacements, PLACEMENT_CAP, reachable, TEMPLATE_ITEM_CAP, templateScopes, tooLargeToShow } from './tree';

describe('placements', () => {
  it('counts placements as drawn (a shared child once per parent), stopping past the cap', () => {
    const small = surfaceOf([
      { id: 'root', component: 'Row', children: ['t', 't', 'root'] },
      { id: 't', component: 'Text', text: 'x' },
    ]);
    expect(countPlacements(small, {})).toBe(3);
    const huge = surfaceOf(fanOut());
    expect(JSON.stringify(fanOut()).length).toBeLessThan(1_600);
    expect(countPlacements(huge, {})).toBe(PLACEMENT_CAP + 1);
    expect(tooLargeToShow(huge, {})).toBe(true);
    expect(tooLargeToShow(small, {})).toBe(false);
  });

  it('shows at most TEMPLATE_ITEM_CAP items of a template, of a list or an object', () => {
    const items = Array.from({ length: 5_000 }, (_, index) => ({ index }));
    expect(templateScopes('/items', { items }, '/')).toHaveLength(TEMPLATE_ITEM_CAP);
    const keyed = Object.fromEntries(items.map((_, index) => [`k/${index}`, index]));
    const scopes = templateScopes('map', { map: keyed }, '/');
    expect(scopes).toHaveLength(TEMPLATE_ITEM_CAP);
    expect(scopes[0]).toBe('/map/k~10');
    expect(templateScopes('/none', {}, '/')).toEqual([]);
  });

  it('walks each placement once, with templates nested and bounded', () => {
    const surface = surfaceOf([
      { id: 'root', component: 'List', children: { componentId: 'outer', path: '/rows' } },
      { id: 'outer', component: 'Row', children: { componentId: 'cell', path: 'cells' } },
      { id: 'cell', component: 'Text', text: { path: 'v' } },
    ]);
    const cells = Array.from({ length: 300 }, (_, v) => ({ v }));
    const rows = Array.from({ length: 300 }, () => ({ cells }));
    const placed = reachable(surface, { rows });
    expect(placed.length).toBeLessThanOrEqual(PLACEMENT_CAP);
    expect(placed[2]?.key).toBe('cell@/rows/0/cells/0');
    expect(tooLargeToShow(surface, { rows })).toBe(true);
    expect(tooLargeToShow(surface, { rows: rows.slice(0, 2) })).toBe(false);
  });
});
