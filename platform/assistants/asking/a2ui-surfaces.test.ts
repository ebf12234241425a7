import { describe, expect, it } from 'vitest';
import { offeredActions } from '../../conversations/interactive/a2ui-intake';
import { approvalSurface, fanOutSurface, surfaceFor, type MediaUrls } from './a2ui-surfaces';

const media: MediaUrls = { image: 'http://x/i.png', audio: 'http://x/a.mp3', video: 'http://x/v.webm' };

describe('surfaceFor', () => {
  it('asks with the fan-out form on "fan-out": a few components asking for millions of placements', () => {
    expect(surfaceFor('Show me the fan-out form', media)).toBe(fanOutSurface);
    expect(surfaceFor('fanout please', media)).toBe(fanOutSurface);
    expect(surfaceFor('Deploy it', media)).toBe(approvalSurface);
    const size = JSON.stringify(fanOutSurface.components.filter((component) => component.id !== 'send-label')).length;
    expect(size).toBeLessThan(2_000);
    const width = (id: string) => {
      const children = fanOutSurface.components.find((component) => component.id === id)?.['children'];
      return Array.isArray(children) ? children.length : 0;
    };
    expect(width('root') * width('l1') * width('l2') * width('l3')).toBeGreaterThan(12_000_000);
    // It is a form a current server would send: a Button reachable from the root offers an action.
    expect([...offeredActions(fanOutSurface.components)]).toEqual(['submit']);
  });
});
