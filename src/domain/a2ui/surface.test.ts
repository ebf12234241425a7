import { describe, expect, it } from 'vitest';
import { allComponents, allModel, envelopesOf } from '@/test/a2ui-surfaces';
import { BASIC_CATALOG_ID, childIdsOf, readComponent } from './catalog';
import { COMPONENT_CAP, ENVELOPE_CAP, foldEnvelopes, foldSurfaces, readEnvelope } from './surface';

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

  it('applies a data model that arrives after the components, and reads a deleted surface as gone', () => {
    const folded = foldSurfaces([
      ...envelopesOf('gone', [{ id: 'root', component: 'Text', text: 'x' }]),
      { version: 'v0.9', deleteSurface: { surfaceId: 'gone' } },
      { version: 'v0.9', deleteSurface: { surfaceId: 'never-created' } },
    ]);
    expect(folded).toEqual({ surfaces: [], deleted: ['gone'] });
    const again = foldSurfaces([
      ...envelopesOf('back', []),
      { version: 'v0.9', deleteSurface: { surfaceId: 'back' } },
      ...envelopesOf('back', [], { x: 1 }),
    ]);
    expect(again.deleted).toEqual([]);
    expect(again.surfaces[0]?.dataModel).toEqual({ x: 1 });
  });

  it('reads the v1.0 release candidate: components inline in createSurface, and value null removing a key', () => {
    const [surface] = foldEnvelopes([
      {
        version: 'v1.0',
        createSurface: {
          surfaceId: 'v1',
          catalogId: BASIC_CATALOG_ID,
          components: [{ id: 'root', component: 'Text', text: { path: '/name' } }],
        },
      },
      {
        version: 'v1.0',
        updateDataModel: { surfaceId: 'v1', path: '/', value: { name: 'Ada', gone: 1, list: [1, 2] } },
      },
      { version: 'v1.0', updateDataModel: { surfaceId: 'v1', path: '/gone', value: null } },
      { version: 'v1.0', updateDataModel: { surfaceId: 'v1', path: '/list/0', value: null } },
    ]);
    expect(surface?.components.get('root')).toMatchObject({ kind: 'Text' });
    expect(surface?.dataModel).toEqual({ name: 'Ada', list: [undefined, 2] });
  });

  it('keeps at most COMPONENT_CAP components per surface and reads at most ENVELOPE_CAP envelopes, saying so', () => {
    const many = Array.from({ length: COMPONENT_CAP + 5 }, (_, index) => ({
      id: `t${index}`,
      component: 'Text',
      text: 'x',
    }));
    const [big] = foldEnvelopes(envelopesOf('big', many));
    expect(big?.components.size).toBe(COMPONENT_CAP);
    expect(big?.overflow).toBe(true);
    const [fine] = foldEnvelopes(envelopesOf('fine', many.slice(0, 3)));
    expect(fine?.overflow).toBe(false);
    const updates = Array.from({ length: ENVELOPE_CAP }, (_, index) => ({
      version: 'v0.9.1',
      updateDataModel: { surfaceId: 'long', path: '/n', value: index },
    }));
    const [long] = foldEnvelopes([...envelopesOf('long', []), ...updates]);
    expect(long?.dataModel).toEqual({ n: ENVELOPE_CAP - 4 });
    expect(long?.overflow).toBe(true);
  });
});
