// Fixed material of the Research Agent: tool outputs, a tiny PNG artifact and the answer text.
import { keywords, wordHash } from '../script';

/** An 8×8 gradient PNG (valid, 164 bytes). */
export const tinyPngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAa0lEQVR42g3JQQEAMAgDMcQgpmYqBgenAjGY6ZZvqqimRJkaaqmjQlXRTYs2PfTSR4f+oUZCRoMWHQr64cbCxoMXHw7+Mc2IMTPMMseE+bHNijU77LLHhv1xzYkzN9xyx4X7kSYiJkOWHAl5O+VnkQt8ag8AAAAASUVORK5CYII=';

const oneLine = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export function researchTopic(question: string): string {
  const found = keywords(question, 3);
  return found.length > 0 ? found.join(' ') : 'the question';
}

/** Search results as a tool prints them: JSON records back to back (`}{`), escaped quotes, non-ASCII. */
export function searchOutput(question: string): string {
  const topic = researchTopic(question);
  return [
    `Found 2 results for ${JSON.stringify(oneLine(question, 80))}:`,
    `{"rank":1,"title":"${topic}: an overview","url":"https://example.com/${encodeURIComponent(topic)}"}{"rank":2,"title":"A \\"practical\\" guide","url":"https://example.org/guide"}`,
    'Snippet: naïve café — 日本語 ✓ (encoding check)',
  ].join('\n');
}

/** A CSV-like table of 420 rows, deterministic for the topic. */
export function analysisTable(question: string): string {
  const seed = wordHash(researchTopic(question));
  const rows = ['row,hour,value,trend,label'];
  for (let row = 1; row <= 420; row += 1) {
    const hour = row % 24;
    const value = ((seed + row * 37) % 1000) / 10 + (12 - Math.abs(12 - hour)) * 3;
    rows.push(
      `${row},${String(hour).padStart(2, '0')}:00,${value.toFixed(1)},${row % 3 === 0 ? 'down' : 'up'},sample-${(seed + row) % 7}`,
    );
  }
  return rows.join('\n');
}

export const pythonCode = [
  'import pandas as pd',
  'df = pd.read_csv("sample.csv")',
  'print(df.to_csv(index=False))',
  'df.plot(x="hour", y="value").figure.savefig("chart.png")',
].join('\n');

export function findingsMarkdown(question: string): string {
  const topic = researchTopic(question);
  return [
    `**Findings on ${topic}**`,
    '',
    '- The sample series peaks around midday (hour 12).',
    '- Values drop again toward the evening.',
    '- One source could not be fetched, so figures are *indicative*.',
    '',
  ].join('\n');
}

export function researchAnswer(question: string): string {
  const topic = researchTopic(question);
  return [
    `## ${topic.charAt(0).toUpperCase()}${topic.slice(1)}: what the research found`,
    '',
    `You asked: “${oneLine(question, 120)}”. Here is a short summary built from two web sources and a small analysis.`,
    '',
    `- **Core idea:** ${topic} is best understood step by step, from the basic principle to real numbers.`,
    '- **Data:** the sample series peaks around midday and falls toward the evening.',
    '- **Caveat:** one source (example.org) returned HTTP 503, so treat the figures as indicative.',
    '',
    'Raw tool records: `{"tool":"web_search","hits":2}{"tool":"fetch_page","error":"HTTP 503"}`',
    '',
    'Encoding check: "quoted", back\\slash, naïve café — 日本語 ✓',
  ].join('\n');
}
