// The Bench Streamer's answer: realistic GFM (headings, paragraphs with links and inline code, lists, task
// lists, tables, fenced code, quotes) of about a given size, with slots for timing markers between blocks.
import { tokenize } from '../script';

/** A word token of the answer, or the place of a timing marker (filled in with the send time when sent). */
export type BenchPiece = string | { marker: number };

const topics = [
  'Caching',
  'Streaming',
  'Indexing',
  'Retries',
  'Rendering',
  'Batching',
  'Tracing',
  'Sharding',
  'Queues',
  'Schemas',
];
const verbs = ['reduces', 'hides', 'bounds', 'shifts', 'measures', 'exposes', 'spreads', 'absorbs'];
const nouns = [
  'latency',
  'memory pressure',
  'tail latency',
  'write amplification',
  'lock contention',
  'cold starts',
  'fan-out',
  'backlog',
];
const languages = [
  [
    'ts',
    (n: number) => [
      `export async function step${n}(input: string[]): Promise<number> {`,
      `  const seen = new Set(input.map((item) => item.trim()));`,
      `  await new Promise((resolve) => setTimeout(resolve, ${n % 50}));`,
      `  return seen.size * ${(n % 7) + 1};`,
      '}',
    ],
  ],
  [
    'python',
    (n: number) => [
      `def step_${n}(rows):`,
      `    totals = {}`,
      `    for key, value in rows:`,
      `        totals[key] = totals.get(key, 0) + value * ${(n % 9) + 1}`,
      '    return sorted(totals.items())',
    ],
  ],
  [
    'bash',
    (n: number) => [
      `for file in logs/*.log; do`,
      `  grep -c "status=5" "$file" | awk '{ s += $1 } END { print s + ${n % 11} }'`,
      'done',
      `curl -s https://example.com/api/v1/items?page=${n % 13} | jq '.items | length'`,
    ],
  ],
] as const;

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

/** One section (about 1.5 KB) of the answer; `n` makes it differ from its neighbours. */
function section(n: number): string[] {
  const topic = pick(topics, n);
  const [lang, code] = pick(languages, n);
  const blocks = [
    `## ${n + 1}. ${topic} in practice`,
    `${topic} ${pick(verbs, n)} **${pick(nouns, n)}** when the workload is steady, but it ${pick(verbs, n + 3)} *${pick(nouns, n + 5)}* under bursts. See [the ${topic.toLowerCase()} guide](https://example.com/guides/${topic.toLowerCase()}-${n}) and the \`${topic.toLowerCase()}.maxItems\` setting before tuning anything.`,
    [
      `- Measure ${pick(nouns, n + 1)} before and after the change.`,
      `- Keep the ${topic.toLowerCase()} layer small: one module, one owner.`,
      `  - Nested: document the \`${pick(nouns, n + 2).replace(/ /g, '_')}\` budget.`,
      `- Prefer defaults that ${pick(verbs, n + 4)} ${pick(nouns, n + 6)}.`,
    ].join('\n'),
    [
      `| Setting | Default | Effect on ${pick(nouns, n)} |`,
      '| --- | ---: | --- |',
      `| \`limit\` | ${(n % 9) + 1}00 | ${pick(verbs, n + 1)} it |`,
      `| \`window\` | ${(n % 5) + 1} s | ${pick(verbs, n + 2)} it |`,
      `| \`jitter\` | ${(n % 4) * 25} % | ${pick(verbs, n + 3)} it |`,
    ].join('\n'),
    ['```' + lang, ...code(n), '```'].join('\n'),
    n % 2 === 0
      ? `> Note: ${topic.toLowerCase()} interacts with ${pick(nouns, n + 7)}; test both together.`
      : [
          `1. Read the metrics for ${pick(nouns, n)}.`,
          `2. Change one setting.`,
          `3. Compare with the baseline [report ${n}](https://example.org/reports/${n}).`,
        ].join('\n'),
    `- [x] ${topic} reviewed\n- [ ] ${topic} load-tested at ${(n % 8) + 2}× traffic`,
  ];
  return blocks;
}

/**
 * The answer as pieces: blocks of about `size` characters in total, with a marker slot after a paragraph
 * at least every `every` characters and one at the very end (the marker carries its offset).
 */
export function benchPieces(size: number, every: number): BenchPiece[] {
  const pieces: BenchPiece[] = [];
  let length = 0;
  let sinceMarker = 0;
  const addText = (text: string) => {
    for (const token of tokenize(text)) pieces.push(token);
    length += text.length;
    sinceMarker += text.length;
  };
  for (let n = 0; length < size; n += 1) {
    for (const block of section(n)) {
      addText(`${block}\n\n`);
      // A paragraph of its own (never inside code, a table or a list item), so it stays one plain text node.
      if (sinceMarker >= every && !/^(- |\d+\. )/.test(block)) {
        pieces.push(' ', { marker: length });
        addText('\n\n');
        sinceMarker = 0;
      }
      if (length >= size) break;
    }
  }
  pieces.push({ marker: length });
  return pieces;
}

/** The marker as it appears in the text: `⟦o=<offset> t=<send time, ms since the epoch>⟧` (`end` on the last). */
export const markerText = (offset: number, sentAt: number, last: boolean): string =>
  `⟦o=${offset} t=${sentAt.toFixed(2)}${last ? ' end' : ''}⟧`;
