import { describe, expect, it } from 'vitest';
import { createLiveRunsStore } from './live-runs-store';

describe('the live runs store', () => {
  it('masks what a run’s streamed pieces assemble of the person’s secret values, as they are at each batch', () => {
    let values: string[] = [];
    const store = createLiveRunsStore(() => values);
    const { streamStarted, streamProgressed } = store.getState();
    streamStarted('run-1');
    streamProgressed('run-1', [{ generatedChunk: 'key sk-live-' }]);
    streamProgressed('run-1', [{ generatedChunk: '4242abcd, ' }]);
    expect(store.getState().live['run-1']?.answer.text).toBe('key sk-live-4242abcd, ');
    // Marked secret now: what streams from here on is searched for it.
    values = ['sk-live-4242abcd', 'other-value'];
    streamProgressed('run-1', [{ generatedChunk: 'again sk-live-42' }, null]);
    streamProgressed('run-1', [{ generatedChunk: '42abcd.' }]);
    const run = store.getState().live['run-1'];
    expect(run?.answer.text).toBe('key ••••••, again ••••••.');
    expect(run?.answer.malformedChunks).toBe(1);
  });

  it('masks nothing without secret values', () => {
    const store = createLiveRunsStore();
    store.getState().streamStarted('run-1');
    store.getState().streamProgressed('run-1', [{ generatedChunk: 'sk-live-4242abcd' }]);
    expect(store.getState().live['run-1']?.answer.text).toBe('sk-live-4242abcd');
  });
});
