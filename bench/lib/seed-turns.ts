// The turns of a long conversation, the same for the console (as an export file it imports) and the baseline
// page (rendered directly): short questions, markdown answers of about 600 characters.

export interface SeedTurn {
  question: string;
  answer: string;
}

const topics = ['caching', 'streaming', 'indexing', 'retries', 'rendering', 'batching', 'tracing', 'sharding'];

/** The question of turn `index` (0-based); the last one is what "usable" waits for. */
export const seedQuestion = (index: number): string =>
  `Question ${index + 1}: how does ${topics[index % topics.length]} change under load?`;

export function seedTurns(count: number): SeedTurn[] {
  return Array.from({ length: count }, (_, index) => {
    const topic = topics[index % topics.length] ?? 'caching';
    const answer = [
      `**${topic}** behaves differently under load (turn ${index + 1}). See [the notes](https://example.com/notes/${index}).`,
      '',
      `- It shifts latency to the \`${topic}\` layer.`,
      `- It needs a budget: ${(index % 9) + 1}00 ms at most.`,
      '- Measure before and after.',
      '',
      `| metric | value |\n| --- | ---: |\n| p50 | ${(index % 50) + 10} ms |\n| p95 | ${(index % 90) + 40} ms |`,
      '',
      'That is the short answer; ask for details on any point.',
    ].join('\n');
    return { question: seedQuestion(index), answer };
  });
}

/** An export file of the console (format assistant-console.conversation, version 1) holding these turns. */
export function conversationExport(
  turns: readonly SeedTurn[],
  assistant: { id: string; name: string },
  now: number,
): string {
  const started = now - turns.length * 60_000;
  const records = turns.map((turn, index) => ({
    id: `seed-${index}`,
    parentId: index === 0 ? null : `seed-${index - 1}`,
    question: turn.question,
    assistantId: assistant.id,
    assistantName: assistant.name,
    mode: 'stream',
    status: 'completed',
    answer: {
      text: turn.answer,
      complete: true,
      timeElapsed: 1.2,
      malformedChunks: 0,
      thoughts: { roots: [], waiting: {} },
      answerThoughtIds: [],
    },
    wire: 'sse',
    startedAt: started + index * 60_000,
    endedAt: started + index * 60_000 + 1200,
  }));
  return JSON.stringify({
    format: 'assistant-console.conversation',
    version: 1,
    exportedAt: new Date(now).toISOString(),
    conversation: {
      id: `seed-${turns.length}`,
      title: `Bench: ${turns.length} turns`,
      createdAt: started,
      updatedAt: now,
      selection: {},
    },
    turns: records,
  });
}
