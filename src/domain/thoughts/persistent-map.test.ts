import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyMap, mapGet, mapSet, type PersistentMap } from './persistent-map';

describe('persistent map', () => {
  it('behaves like a Map, and every earlier version stays as it was', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 4 }), fc.integer()), { maxLength: 200 }), (writes) => {
        const model = new Map<string, number>();
        const versions: [PersistentMap<number>, Map<string, number>][] = [];
        let map: PersistentMap<number> = emptyMap;
        for (const [key, value] of writes) {
          map = mapSet(map, key, value);
          model.set(key, value);
          versions.push([map, new Map(model)]);
        }
        for (const [version, expected] of versions) {
          expect(version.size).toBe(expected.size);
          for (const [key, value] of expected) expect(mapGet(version, key)).toBe(value);
        }
        expect(mapGet(map, 'not-a-key-of-length-above-4')).toBeUndefined();
      }),
    );
  });

  it('holds 100,000 keys and finds each', () => {
    let map: PersistentMap<number> = emptyMap;
    for (let index = 0; index < 100_000; index += 1) map = mapSet(map, `id-${index}`, index);
    expect(map.size).toBe(100_000);
    for (let index = 0; index < 100_000; index += 997) expect(mapGet(map, `id-${index}`)).toBe(index);
  });
});
