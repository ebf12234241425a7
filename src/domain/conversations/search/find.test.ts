import { describe, expect, it } from 'vitest';
import type { ThoughtNode, ThoughtTree } from '@/domain/thoughts/thought-tree';
import { buildFindIndex, findInConversation, nearestMatch, stepMatch, type FindableTurn } from './find';

const node = (id: string, fields: Partial<ThoughtNode> = {}, children: ThoughtNode[] = []): ThoughtNode => ({
  id,
  parentId: null,
  authorType: 'Tool',
  authorName: '',
  outputFormat: 'text',
  inputText: '',
  message: '',
  metadata: {},
  inProgress: false,
  error: false,
  interrupted: false,
  aborted: false,
  children,
  ...fields,
});

const tree = (...roots: ThoughtNode[]): ThoughtTree => ({ roots, waiting: {} });
const turn = (id: string, question: string, text: string, thoughts: ThoughtTree = tree()): FindableTurn => ({
  id,
  question,
  answer: { text, thoughts },
});

describe('find in a conversation', () => {
  const turns = [
    turn('t1', 'What is a Harbour?', 'A harbour shelters ships. HARBOUR, harbour.'),
    turn(
      't2',
      'Plan a trip',
      'Done.',
      tree(
        node('agent', { authorType: 'Agent', authorName: 'Planner', message: 'Thinking about the harbour' }, [
          node('search', { authorName: 'web_search', inputText: '{"query":"harbour ferries"}' }, [
            node('deep', { message: 'Ferry leaves the HARBOUR at 9' }),
          ]),
        ]),
      ),
    ),
  ];
  const index = buildFindIndex(turns);

  it('finds every occurrence, case-insensitively, in questions, answers and nested thoughts, in reading order', () => {
    const { matches, capped } = findInConversation(index, 'harbour');
    expect(capped).toBe(false);
    expect(matches.map((match) => [match.turnId, match.place.kind, match.occurrence])).toEqual([
      ['t1', 'question', 0],
      ['t1', 'answer', 0],
      ['t1', 'answer', 1],
      ['t1', 'answer', 2],
      ['t2', 'thought', 0],
      ['t2', 'thought', 0],
      ['t2', 'thought', 0],
    ]);
    // The thought matches say which node and part hold them, and which nodes must open to show them.
    expect(matches.slice(4).map((match) => match.place)).toEqual([
      { kind: 'thought', nodeId: 'agent', part: 'output', ancestorIds: [] },
      { kind: 'thought', nodeId: 'search', part: 'input', ancestorIds: ['agent'] },
      { kind: 'thought', nodeId: 'deep', part: 'output', ancestorIds: ['search', 'agent'] },
    ]);
  });

  it('finds thought names, and nodes still waiting for their parent', () => {
    const waiting = turn('t3', 'q', '', {
      roots: [],
      waiting: { gone: [node('orphan', { authorName: 'Lost_Tool' })] },
    });
    const found = findInConversation(buildFindIndex([...turns, waiting]), 'lost_tool').matches;
    expect(found).toEqual([
      {
        turnIndex: 2,
        turnId: 't3',
        place: { kind: 'thought', nodeId: 'orphan', part: 'name', ancestorIds: [] },
        occurrence: 0,
      },
    ]);
    expect(findInConversation(index, 'web_SEARCH').matches).toHaveLength(1);
  });

  it('finds nothing for an empty or blank query, or a word that is not there', () => {
    expect(findInConversation(index, '').matches).toEqual([]);
    expect(findInConversation(index, '   ').matches).toEqual([]);
    expect(findInConversation(index, 'submarine').matches).toEqual([]);
  });

  it('stops counting at the limit and says so', () => {
    const result = findInConversation(index, 'a', 5);
    expect(result.matches).toHaveLength(5);
    expect(result.capped).toBe(true);
  });

  it('steps to the next and previous match, wrapping at both ends', () => {
    expect(stepMatch(0, 1, 3)).toBe(1);
    expect(stepMatch(2, 1, 3)).toBe(0);
    expect(stepMatch(0, -1, 3)).toBe(2);
    expect(stepMatch(0, 1, 1)).toBe(0);
    expect(stepMatch(0, 1, 0)).toBe(-1);
  });

  it('keeps the reader near the match they were on when the query grows', () => {
    const before = findInConversation(index, 'harbour').matches[4];
    const after = findInConversation(index, 'harbour ').matches;
    expect(after[nearestMatch(after, before)]?.turnId).toBe('t2');
    expect(nearestMatch(after, undefined)).toBe(0);
    expect(nearestMatch([], before)).toBe(-1);
  });

  it('indexes 2,000 turns with big trees once, then answers each keystroke fast', () => {
    const big = Array.from({ length: 2_000 }, (_, at) => {
      const steps = Array.from({ length: 25 }, (_, step) =>
        node(`n${at}-${step}`, {
          authorName: `tool_${step}`,
          inputText: `{"q":"input ${step} of turn ${at}"}`,
          message: `Output ${step} `.repeat(25),
        }),
      );
      return turn(
        `turn-${at}`,
        `Question number ${at}`,
        `Answer number ${at}. `.repeat(20),
        tree(node(`root-${at}`, { authorName: 'Agent' }, steps)),
      );
    });
    big[10] = turn(
      'turn-10',
      'Question number 10',
      'Answer',
      tree(node('root', {}, [node('deep', { message: 'the zanzibarite clue' })])),
    );
    // As read from the database: flat strings, not the ropes .repeat() builds.
    const stored = JSON.parse(JSON.stringify(big)) as FindableTurn[];
    buildFindIndex(stored.slice(0, 50));
    const started = performance.now();
    const bigIndex = buildFindIndex(stored);
    const built = performance.now() - started;
    const searchStarted = performance.now();
    const { matches } = findInConversation(bigIndex, 'Zanzibarite');
    const searched = performance.now() - searchStarted;
    expect(matches).toEqual([
      {
        turnIndex: 10,
        turnId: 'turn-10',
        place: { kind: 'thought', nodeId: 'deep', part: 'output', ancestorIds: ['root'] },
        occurrence: 0,
      },
    ]);
    // About 12 MB of text in 50,000 nodes. Wall time on a machine shared by many: the bounds catch work that grows
    // with the square of the conversation (minutes), not milliseconds; idle, it takes about a twentieth of them.
    console.info(`find index of 2,000 turns built in ${Math.round(built)} ms, searched in ${Math.round(searched)} ms`);
    expect(built).toBeLessThan(3_000);
    expect(searched).toBeLessThan(1_000);
    // A query found everywhere stops at the limit instead of listing millions.
    const common = findInConversation(bigIndex, 'o');
    expect(common.capped).toBe(true);
  }, 60_000);
});
