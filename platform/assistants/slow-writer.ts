// The Slow Writer: about a minute of numbered words ("word-1 word-2 … word-600"), one every 3 stream-delay units
// (90 ms at the default 30 ms), on the NDJSON wire. Made for background generation: after a reload, a re-attach or a
// Stop, a repeated or missing word is plain to see. "words N" in the question asks for N words (1 to 5000).
import type { ScriptInput } from './script';
import { StepList, type ScriptedRun } from './steps';

export const slowWriterWords = 600;
export const slowWriterUnits = 3;

export function slowWriterText(count: number): string {
  return Array.from({ length: count }, (_, index) => `word-${index + 1}`).join(' ');
}

export function slowWriterRun(input: ScriptInput): ScriptedRun {
  const asked = /\bwords\s+(\d{1,4})\b/i.exec(input.question)?.[1];
  const count = asked === undefined ? slowWriterWords : Math.min(Math.max(Number(asked), 1), 5000);
  return new StepList().tokens(slowWriterText(count), slowWriterUnits).last(slowWriterText(count)).run();
}
