import type { Answer, ReportedUsage } from './answer';

// What a call used, as the server reported it: a history item's token counts and money spent, the JSON answer's
// `tokensUsed`, the final chunk's `time_elapsed` (`timeElapsed` in JSON). Nothing is estimated here: a figure the
// server did not report stays absent (never 0), and a total says how many answers it covers.

export interface Usage {
  tokens?: number;
  inputTokens?: number;
  outputTokens?: number;
  /** Money spent, in the server's currency (CodeMie counts US dollars). */
  cost?: number;
  seconds?: number;
}

export interface UsageTotal extends Usage {
  /** Answers summed. */
  answers: number;
  /** How many of them reported tokens, cost and time: a total over fewer answers says so. */
  withTokens: number;
  withCost: number;
  withSeconds: number;
}

const reported = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The usage counts of a stored history item, or undefined when it reports none. */
export function reportedUsage(item: {
  inputTokens?: number | null | undefined;
  outputTokens?: number | null | undefined;
  moneySpent?: number | null | undefined;
}): ReportedUsage | undefined {
  const usage: ReportedUsage = {
    ...(reported(item.inputTokens) ? { inputTokens: item.inputTokens } : {}),
    ...(reported(item.outputTokens) ? { outputTokens: item.outputTokens } : {}),
    ...(reported(item.moneySpent) ? { cost: item.moneySpent } : {}),
  };
  return Object.keys(usage).length ? usage : undefined;
}

/** One answer's usage: split token counts where stored, else the JSON answer's `tokensUsed`; cost; seconds. */
export function usageOf(answer: Pick<Answer, 'timeElapsed' | 'tokensUsed' | 'usage'>): Usage {
  const { inputTokens, outputTokens, cost } = answer.usage ?? {};
  const split = reported(inputTokens) || reported(outputTokens);
  const tokens = split ? (inputTokens ?? 0) + (outputTokens ?? 0) : answer.tokensUsed;
  return {
    ...(reported(tokens) ? { tokens } : {}),
    ...(reported(inputTokens) ? { inputTokens } : {}),
    ...(reported(outputTokens) ? { outputTokens } : {}),
    ...(reported(cost) ? { cost } : {}),
    ...(reported(answer.timeElapsed) ? { seconds: answer.timeElapsed } : {}),
  };
}

const add = (sum: number | undefined, value: number | undefined) => (value === undefined ? sum : (sum ?? 0) + value);

/** The usage of many answers summed, each figure only over the answers that reported it. */
export function totalUsage(usages: readonly Usage[]): UsageTotal {
  const total: UsageTotal = { answers: usages.length, withTokens: 0, withCost: 0, withSeconds: 0 };
  for (const usage of usages) {
    const tokens = add(total.tokens, usage.tokens);
    const cost = add(total.cost, usage.cost);
    const seconds = add(total.seconds, usage.seconds);
    if (tokens !== undefined) total.tokens = tokens;
    if (cost !== undefined) total.cost = cost;
    if (seconds !== undefined) total.seconds = seconds;
    if (usage.tokens !== undefined) total.withTokens += 1;
    if (usage.cost !== undefined) total.withCost += 1;
    if (usage.seconds !== undefined) total.withSeconds += 1;
  }
  return total;
}

const count = new Intl.NumberFormat('en-US');

/** "$0.0021": small sums keep four decimals, as the server's per-call costs need. */
export const formatCost = (cost: number): string => (cost >= 100 ? `$${cost.toFixed(2)}` : `$${cost.toFixed(4)}`);

/** "3.2 s", "2 min 05 s". */
export function formatSeconds(seconds: number): string {
  if (seconds < 10) return `${seconds.toFixed(seconds < 1 ? 2 : 1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/** The reported figures as one line: "1,234 tokens · $0.0021 · 3.2 s"; empty when nothing was reported. */
export function usageText(usage: Usage): string {
  return [
    ...(usage.tokens !== undefined ? [`${count.format(usage.tokens)} tokens`] : []),
    ...(usage.cost !== undefined ? [formatCost(usage.cost)] : []),
    ...(usage.seconds !== undefined ? [formatSeconds(usage.seconds)] : []),
  ].join(' · ');
}

/** The split of the tokens, where the server gave it: "980 in · 254 out". */
export function tokenSplitText(usage: Usage): string {
  if (usage.inputTokens === undefined && usage.outputTokens === undefined) return '';
  return `${count.format(usage.inputTokens ?? 0)} in · ${count.format(usage.outputTokens ?? 0)} out`;
}

/** What a total covers when some answers reported less: "tokens for 3 of 5 answers". */
export function coverageText(total: UsageTotal): string {
  const gaps = [
    ['tokens', total.withTokens, total.tokens],
    ['cost', total.withCost, total.cost],
    ['time', total.withSeconds, total.seconds],
  ] as const;
  return gaps
    .filter(([, counted, sum]) => sum !== undefined && counted < total.answers)
    .map(([what, counted]) => `${what} for ${counted} of ${total.answers} answers`)
    .join('; ');
}

/**
 * The conversation's usage in words a reader needs no legend for: "This chat so far: 3 answers · 1,234 tokens ·
 * $0.0021 · 12 s of answering", the versions left out said (the versions of an answer not shown are not summed); empty
 * when nothing was reported.
 */
export function conversationUsageText(total: UsageTotal, otherVersions: number): string {
  const { seconds, ...untimed } = total;
  const figures = usageText(untimed);
  const parts = [
    `${count.format(total.answers)} answer${total.answers === 1 ? '' : 's'}`,
    ...(figures ? [figures] : []),
    ...(seconds !== undefined ? [`${formatSeconds(seconds)} of answering`] : []),
  ];
  if (parts.length === 1) return '';
  const left =
    otherVersions > 0 ? ` (${otherVersions} other version${otherVersions === 1 ? '' : 's'} not counted)` : '';
  return `This chat so far: ${parts.join(' · ')}${left}`;
}
