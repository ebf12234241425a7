// Runs the script of a catalog assistant.
import type { AssistantEntry } from '../catalog-data';
import { generalAnswer } from './general';
import { ScriptFailure, type ScriptedAnswer, type ScriptInput } from './script';
import { storyAnswer } from './storyteller';

export function runScript(assistant: AssistantEntry, input: ScriptInput): ScriptedAnswer {
  switch (assistant.script) {
    case 'general':
      return generalAnswer(input);
    case 'storyteller':
      return storyAnswer(input);
    case 'broken':
      throw new ScriptFailure(
        'The assistant failed while generating an answer.',
        'Upstream model timed out (simulated)',
        'Try again later or pick another assistant.',
      );
  }
}
