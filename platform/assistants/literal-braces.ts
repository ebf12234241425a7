// Literal Braces: an answer holding both `}{` and a literal `}_{`. Streamed text is escaped by the NDJSON wire
// (`}{` → `}_{`, as real servers' callbacks do), the final `generated` is not: only it tells the two apart.
import { StepList, type ScriptedRun } from './steps';

export const literalBracesAnswer = [
  'Two JSON objects back to back, then the same pair joined by an underscore:',
  '',
  '```text',
  '{"a":1}{"b":2}',
  '{"a":1}_{"b":2}',
  '```',
  '',
  'LaTeX writes a subscript group as x}_{i}: that underscore belongs to the text.',
].join('\n');

export function literalBracesRun(): ScriptedRun {
  return new StepList().tokens(literalBracesAnswer, 0.5).last(literalBracesAnswer).run();
}
