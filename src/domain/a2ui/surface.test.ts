import { describe, expect, it } from 'vitest';
import { allComponents, allModel, envelopesOf } from '@/test/a2ui-surfaces';
import { BASIC_CATALOG_ID, childIdsOf, readComponent } from './catalog';
import { foldEnvelopes, readEnvelope } from './surface';

describe('foldEnvelopes', () => {
  it('builds surfaces in creation order, with components by id and the data model', () => {
    const surfaces = foldEnvelopes([
      ...envelopesOf('b', [{ id: 'root', component: 'Text', text: 'B' }], { x: 1 }),
      ...envelopesOf('a', allComponents, allModel),
    ]);
    expect(surfaces.map((surface) => surface.surfaceId)).toEqual(['b', 'a']);
    const [, all] = surfaces;
    expect(all?.catalogId).toBe(BASIC_CATALOG_ID);
    expect(all?.rootId).toBe('root');
    expect(all?.dataModel).toEqual(allModel);
    const kinds = new Set([...(all?.components.values() ?? [])].map((component) => component.kind));
    expect(kinds.size).toBe(18);
    expect(kinds.has('unknown')).toBe(false);
  });

  it('applies partial data updates, deletions and JSON text; ignores strangers and tolerates deleteSurface', () => {
    const surfaces = foldEnvelopes([
      ...envelopesOf('s', [{ id: 'root', component: 'Text', text: 'x' }], { a: { b: 1 }, c: 2 }),
      { version: 'v0.9.1', updateDataModel: { surfaceId: 's', path: '/a/b', value: 5 } },
      JSON.stringify({ version: 'v0.9.1', updateDataModel: { surfaceId: 's', path: '/c' } }),
      { version: 'v0.9.1', updateComponents: { surfaceId: 'nobody', components: [] } },
      { version: 'v0.9.1', somethingNew: {} },
      'not json',
      null,
      ...envelopesOf('gone', []),
      { version: 'v0.9.1', deleteSurface: { surfaceId: 'gone' } },
    ]);
    expect(surfaces).toHaveLength(1);
    expect(surfaces[0]?.dataModel).toEqual({ a: { b: 5 } });
    expect(readEnvelope({ version: 'v0.9.1', deleteSurface: { surfaceId: 'x' } })).not.toBeNull();
  });

  it('reads unknown or unreadable components as unknown, by name, and skips those without an id', () => {
    expect(readComponent({ id: 'c', component: 'Carousel', items: [] })).toEqual({
      kind: 'unknown',
      id: 'c',
      name: 'Carousel',
    });
    expect(readComponent({ id: 's', component: 'Slider', value: 'not a number' })).toMatchObject({
      kind: 'unknown',
      name: 'Slider',
    });
    expect(readComponent({ component: 'Text', text: 'no id' })).toBeNull();
    expect(readComponent({ id: 'n' })).toMatchObject({ kind: 'unknown', name: 'component without a name' });
  });

  it('reads catalog defaults and the literalString wording', () => {
    expect(readComponent({ id: 't', component: 'Text', text: { literalString: 'Hi' }, extra: 1 })).toEqual({
      kind: 'Text',
      id: 't',
      text: 'Hi',
      variant: 'body',
    });
    const picker = readComponent({ id: 'p', component: 'ChoicePicker', options: [], value: { path: '/p' } });
    expect(picker).toMatchObject({ variant: 'mutuallyExclusive', checks: [] });
    const modal = readComponent({ id: 'm', component: 'Modal', trigger: 't', content: 'c' });
    expect(modal && childIdsOf(modal)).toEqual(['t', 'c']);
  });
});
