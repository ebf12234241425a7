import { z } from 'zod';

// What a person judged: a run or a batch row passes or fails; a row held against a baseline is better, the same
// or worse. Each judgement may carry a note. Kept with the batch it is about (see the batch record), so it goes
// wherever the batch goes and is gone with it.

export const passVerdicts = ['pass', 'fail'] as const;
export const pairVerdicts = ['better', 'same', 'worse'] as const;
export type PassVerdict = (typeof passVerdicts)[number];
export type PairVerdict = (typeof pairVerdicts)[number];

/** A verdict, a note, or both; a judgement with neither is not kept. */
export interface Judgement<V extends string> {
  verdict?: V | undefined;
  note?: string | undefined;
}

const judgementSchema = <V extends readonly [string, ...string[]]>(values: V) =>
  z.object({ verdict: z.enum(values).optional(), note: z.string().optional() });

/** A run's own pass / fail (a run outside any batch kept in this browser). */
export const passJudgementSchema = judgementSchema(passVerdicts);

export const batchVerdictsSchema = z.object({
  /** By the row's position in its batch ("0", "1"…). */
  rows: z.record(z.string(), passJudgementSchema).optional(),
  /** By the baseline batch's id, then by the aligned pair (see pairKey). */
  against: z.record(z.string(), z.record(z.string(), judgementSchema(pairVerdicts))).optional(),
});
export type BatchVerdicts = z.output<typeof batchVerdictsSchema>;

/** An aligned pair of rows: "3:4" is the baseline's 4th row with this batch's 5th; "-" where a side has none. */
export const pairKey = (baselineIndex: number | undefined, candidateIndex: number | undefined): string =>
  `${baselineIndex ?? '-'}:${candidateIndex ?? '-'}`;

const maxNote = 2000;

/** The judgement with a change applied: a blank note is no note; undefined when nothing is left. */
export function judged<V extends string>(
  current: Judgement<V> | undefined,
  change: { verdict?: V | null; note?: string },
): Judgement<V> | undefined {
  const verdict = change.verdict === null ? undefined : (change.verdict ?? current?.verdict);
  const note = (change.note ?? current?.note ?? '').trim().slice(0, maxNote);
  if (!verdict && !note) return undefined;
  return { ...(verdict ? { verdict } : {}), ...(note ? { note } : {}) };
}

function put<T>(record: Readonly<Record<string, T>> | undefined, key: string, value: T | undefined) {
  const { [key]: _old, ...rest } = record ?? {};
  return value === undefined ? rest : { ...rest, [key]: value };
}

/** Sets (or, with `verdict: null`, takes away) a row's pass / fail, or changes its note. */
export function judgeRow(
  verdicts: BatchVerdicts | undefined,
  index: number,
  change: { verdict?: PassVerdict | null; note?: string },
): BatchVerdicts {
  const key = String(index);
  return {
    ...verdicts,
    rows: put<Judgement<PassVerdict>>(verdicts?.rows, key, judged<PassVerdict>(verdicts?.rows?.[key], change)),
  };
}

/** Sets (or takes away) an aligned pair's better / same / worse against one baseline, or changes its note. */
export function judgePair(
  verdicts: BatchVerdicts | undefined,
  baselineId: string,
  key: string,
  change: { verdict?: PairVerdict | null; note?: string },
): BatchVerdicts {
  const pairs = verdicts?.against?.[baselineId];
  const next = put<Judgement<PairVerdict>>(pairs, key, judged<PairVerdict>(pairs?.[key], change));
  return {
    ...verdicts,
    against: put<Record<string, Judgement<PairVerdict>>>(
      verdicts?.against,
      baselineId,
      Object.keys(next).length ? next : undefined,
    ),
  };
}

export interface PassRate {
  pass: number;
  fail: number;
  /** Rows without a pass / fail yet. */
  notJudged: number;
  /** Passes over judged rows, 0 to 1; absent while nothing is judged. */
  rate?: number;
}

/** Pass rate over the rows of a batch: `indexes` are the rows that count (a row judged but since gone does not). */
export function passRate(verdicts: BatchVerdicts | undefined, indexes: readonly number[]): PassRate {
  let pass = 0;
  let fail = 0;
  for (const index of indexes) {
    const verdict = verdicts?.rows?.[String(index)]?.verdict;
    if (verdict === 'pass') pass += 1;
    else if (verdict === 'fail') fail += 1;
  }
  const judgedRows = pass + fail;
  return { pass, fail, notJudged: indexes.length - judgedRows, ...(judgedRows ? { rate: pass / judgedRows } : {}) };
}

export interface WinRate {
  better: number;
  same: number;
  worse: number;
  notJudged: number;
  /** Wins over judged pairs (ties count as judged, not as wins), 0 to 1; absent while nothing is judged. */
  rate?: number;
}

/** Win rate over a comparison's aligned pairs (their keys) against one baseline. */
export function winRate(verdicts: BatchVerdicts | undefined, baselineId: string, keys: readonly string[]): WinRate {
  const tally = { better: 0, same: 0, worse: 0 };
  const pairs = verdicts?.against?.[baselineId];
  for (const key of keys) {
    const verdict = pairs?.[key]?.verdict;
    if (verdict) tally[verdict] += 1;
  }
  const judgedPairs = tally.better + tally.same + tally.worse;
  return {
    ...tally,
    notJudged: keys.length - judgedPairs,
    ...(judgedPairs ? { rate: tally.better / judgedPairs } : {}),
  };
}

/** "67 %": a rate as people read it, whole percents. */
export const percent = (rate: number): string => `${Math.round(rate * 100)} %`;

/** "Pass rate 50 % · 1 pass, 1 fail · 8 not judged" (no rate while nothing is judged). */
export function passRateText({ pass, fail, notJudged, rate }: PassRate): string {
  const head = rate === undefined ? 'Pass rate —' : `Pass rate ${percent(rate)}`;
  return `${head} · ${pass} pass, ${fail} fail · ${notJudged} not judged`;
}

/** "Win rate 67 % · 2 better, 0 same, 1 worse · 7 not judged". */
export function winRateText({ better, same, worse, notJudged, rate }: WinRate): string {
  const head = rate === undefined ? 'Win rate —' : `Win rate ${percent(rate)}`;
  return `${head} · ${better} better, ${same} same, ${worse} worse · ${notJudged} not judged`;
}
