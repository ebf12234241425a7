// The General Assistant: a deterministic GFM answer built from the words of the question.
import { keywords, wordHash, type ScriptedAnswer, type ScriptInput } from './script';

const notes = [
  'is the core idea of the question',
  'sets the context for the rest of the answer',
  'is worth defining before going further',
  'usually appears together with related terms',
  'deserves a small, concrete example',
  'is where most of the trade-offs show up',
];

function titleCase(words: string[]): string {
  const titled = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  const last = titled.pop() ?? '';
  return titled.length > 0 ? `${titled.join(', ')} and ${last}` : last;
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function generalAnswer(input: ScriptInput): ScriptedAnswer {
  const found = keywords(input.question, 4);
  const words = found.length > 0 ? found : ['question'];
  const topic = titleCase(words.slice(0, 3));
  const allWords: string[] = input.question.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  const literal = JSON.stringify(oneLine(input.question, 200)).replace(/`/g, '\\u0060');
  const bullets = words.map((word) => `- **${word}** ${notes[wordHash(word) % notes.length] ?? notes[0]}.`);
  const rows = words.map((word) => `| ${word} | ${word.length} | ${allWords.indexOf(word.toLowerCase()) + 1} |`);
  const turn = input.turn ? ` This is turn ${input.turn} of our conversation.` : '';
  // Shows that the history arrived: a real assistant would use it; this one says what it remembers.
  const earlier = input.earlierQuestion ? ` Earlier you asked: “${oneLine(input.earlierQuestion, 120)}”.` : '';

  const text = [
    `## ${topic}`,
    '',
    `You asked: “${oneLine(input.question, 160)}”.${earlier} Here is a short, structured take on it, built around the key words of your question.`,
    '',
    '### Key points',
    '',
    ...bullets,
    '',
    '### Words at a glance',
    '',
    '| Word | Length | Position |',
    '| --- | ---: | ---: |',
    ...rows,
    '',
    `${topic} is easiest to learn step by step: define the terms, try a small example, then compare the result with what you already use.`,
    '',
    '### Example',
    '',
    '```ts',
    `const question = ${literal};`,
    'const words = question.split(/\\s+/).filter(Boolean);',
    'console.log(`${words.length} words, longest: ${[...words].sort((a, b) => b.length - a.length)[0]}`);',
    '```',
    '',
    // A reference link and a footnote defined far from their use: a console must render the answer whole.
    `For background on ${words[0] ?? 'this'}, see [the documentation][docs].[^words]`,
    '',
    `_Answered by **${input.model}**.${turn}_`,
    '',
    '[docs]: https://example.com/docs',
    '',
    '[^words]: The key words are taken from your question.',
  ].join('\n');
  return { text, delayFactor: 1 };
}
