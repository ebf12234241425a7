import { describe, expect, it } from 'vitest';
import { storedHistoryItemSchema } from './server/server-history';
import { sharedTranscript } from './shared-transcript';

const item = (value: Record<string, unknown>) => storedHistoryItemSchema.parse(value);

describe('sharedTranscript', () => {
  it('shows each turn’s latest version with its files and the tools’ names only', () => {
    const history = [
      item({ role: 'User', message: 'first try', historyIndex: 0, fileNames: ['tok-a'] }),
      item({ role: 'Assistant', message: 'old answer', historyIndex: 0 }),
      item({ role: 'User', message: 'second question', historyIndex: 1 }),
      item({
        role: 'Assistant',
        message: 'tools answer',
        historyIndex: 1,
        thoughts: [
          { id: 't0', author_name: 'Codemie Thoughts', message: 'tools answer' },
          {
            id: 't1',
            author_name: 'Header Inspector',
            input_text: '{"X-Api-Key":"secret"}',
            children: [{ id: 't2', author_name: 'echo', message: 'secret' }],
          },
        ],
      }),
      item({ role: 'User', message: 'edited first', historyIndex: 0, fileNames: ['tok-b'] }),
      item({ role: 'Assistant', message: 'new answer', historyIndex: 0 }),
    ];
    expect(sharedTranscript(history)).toEqual([
      { index: 0, question: 'edited first', files: ['tok-b'], answer: 'new answer', tools: [] },
      { index: 1, question: 'second question', files: [], answer: 'tools answer', tools: ['Header Inspector', 'echo'] },
    ]);
    expect(JSON.stringify(sharedTranscript(history))).not.toContain('secret');
  });

  it('a question whose answer was not saved has none', () => {
    expect(sharedTranscript([item({ role: 'User', message: 'q', historyIndex: 0 })])).toEqual([
      { index: 0, question: 'q', files: [], answer: null, tools: [] },
    ]);
  });
});
