import { describe, expect, it } from 'vitest';
import { visiblePath } from '@/domain/conversations/versions';
import { joinServerHistory } from './server-join';
import { pairsByIndex, storedThoughtTree, type StoredHistoryItem, type StoredThought } from './server-history';

const user = (historyIndex: number, message: string, extra: Partial<StoredHistoryItem> = {}): StoredHistoryItem => ({
  role: 'User',
  message,
  historyIndex,
  date: `2026-11-20T10:0${historyIndex}:00.000000`,
  fileNames: [],
  thoughts: null,
  ...extra,
});
const assistant = (
  historyIndex: number,
  message: string,
  extra: Partial<StoredHistoryItem> = {},
): StoredHistoryItem => ({
  role: 'Assistant',
  message,
  historyIndex,
  date: `2026-11-20T10:0${historyIndex}:30.000000`,
  assistantId: 'a1',
  responseTime: 1.5,
  userMark: null,
  thoughts: [],
  ...extra,
});
const thought = (id: string, extra: Partial<StoredThought> = {}): StoredThought => ({
  id,
  parent_id: null,
  metadata: {},
  in_progress: false,
  input_text: '',
  message: '',
  author_type: 'Tool',
  author_name: id,
  output_format: 'text',
  error: false,
  interrupted: false,
  aborted: false,
  children: [],
  ...extra,
});
const context = {
  conversationId: 'c1',
  assistantNames: { a1: 'General Assistant' },
  defaultAssistantId: 'a1',
  fallbackTime: 0,
};

describe('a server history as turns', () => {
  it('groups versions by index though each new pair is appended at the end', () => {
    const history = [
      user(0, 'first'),
      assistant(0, 'one'),
      user(1, 'second'),
      assistant(1, 'two'),
      user(0, 'first again'),
      assistant(0, 'one again'),
    ];
    const pairs = pairsByIndex(history);
    expect(
      pairs.map((versions) =>
        versions.map((pair) => [pair.index, pair.version, pair.user?.message, pair.assistant?.message]),
      ),
    ).toEqual([
      [
        [0, 0, 'first', 'one'],
        [0, 1, 'first again', 'one again'],
      ],
      [[1, 0, 'second', 'two']],
    ]);
  });

  it('makes questions, answers, file names and marks; each version of a turn follows the latest version before it', () => {
    const history = [
      user(0, 'first', { fileNames: ['files/a.png'] }),
      assistant(0, 'one', { userMark: { mark: 'wrong', feedback_id: 'f-1' } }),
      user(0, 'first again'),
      assistant(0, 'one again'),
      user(1, 'second'),
      assistant(1, 'two'),
    ];
    const turns = joinServerHistory(history, context, []);
    expect(turns.map((turn) => [turn.id, turn.parentId, turn.question, turn.answer.text, turn.status])).toEqual([
      ['server:c1:0:0', null, 'first', 'one', 'completed'],
      ['server:c1:0:1', null, 'first again', 'one again', 'completed'],
      ['server:c1:1:0', 'server:c1:0:1', 'second', 'two', 'completed'],
    ]);
    expect(turns[0]).toMatchObject({
      fileNames: ['files/a.png'],
      feedback: { mark: 'wrong', feedbackId: 'f-1' },
      assistantName: 'General Assistant',
      startedAt: Date.UTC(2026, 10, 20, 10, 0),
    });
    expect(turns[0]?.answer.timeElapsed).toBe(1.5);
    // What the transcript shows by default: the latest version, then what follows it.
    expect(visiblePath(turns, {}).map((turn) => turn.question)).toEqual(['first again', 'second']);
  });

  it('a question whose answer was never saved is an interrupted turn', () => {
    const [turn] = joinServerHistory([user(0, 'cut off')], context, []);
    expect(turn).toMatchObject({ status: 'interrupted', question: 'cut off' });
    expect(turn?.answer.text).toBe('');
  });

  it('builds the thought tree: nested children kept, "latest" placed under the thought before, answer thoughts left out, cut-off ones interrupted', () => {
    const tree = storedThoughtTree([
      thought('Research Agent', {
        children: [thought('web_search', { parent_id: 'Research Agent', input_text: '{"q":1}', message: 'found' })],
      }),
      thought('Codemie Thoughts', { author_name: 'Codemie Thoughts', message: 'the answer itself' }),
      thought('late', { parent_id: 'latest', message: 'more' }),
      thought('stuck', { in_progress: true }),
    ]);
    expect(tree.roots.map((node) => node.id)).toEqual(['Research Agent', 'stuck']);
    expect(tree.roots[0]?.children.map((node) => [node.id, node.inputText, node.message])).toEqual([
      ['web_search', '{"q":1}', 'found'],
      ['late', '', 'more'],
    ]);
    expect(tree.roots[1]).toMatchObject({ inProgress: false, interrupted: true });
  });
});
