// Runs the script of a catalog assistant.
import type { AssistantEntry } from '../catalog/catalog-data';
import { benchRun } from './bench/bench';
import { codemieRun } from './codemie';
import { agentErrorRun, flakyRun, garbledRun } from './faults/faults';
import { faultRun } from './faults/fault-injector';
import { generalAnswer } from './general';
import { headerInspectorRun, tenantDataRun } from './header-tools';
import { leakyEchoRun } from './leaky-echo';
import { regionOf, regionReporterRun, throughRewritingProxy } from './region-reporter';
import { researchRun } from './research/research';
import { bigResearchRun } from './research/research-big';
import { ScriptFailure, type ScriptInput } from './script';
import { textRun, type ScriptedRun } from './steps';
import { storyAnswer } from './storyteller';
import { fileReaderRun } from './file-reader';
import { literalBracesRun } from './literal-braces';
import { slowToolRun } from './slow-tool';
import { askingRun } from './asking/asking';
import { defaultSilentToolMs } from '../config';
import { freshApprovalRun } from '../approval/scripts';
import { connectRequired } from './connect-required';
import { slowWriterRun } from './slow-writer';

export function runScript(assistant: AssistantEntry, input: ScriptInput): ScriptedRun {
  switch (assistant.script) {
    case 'general': {
      const answer = generalAnswer(input);
      return textRun(answer.text, answer.delayFactor);
    }
    case 'storyteller': {
      const answer = storyAnswer(input);
      return textRun(answer.text, answer.delayFactor);
    }
    case 'research':
      return bigResearchRun(input) ?? researchRun(input);
    case 'codemie':
      return codemieRun(input);
    case 'flaky':
      return flakyRun(input);
    case 'garbled':
      return garbledRun(input);
    case 'agent-errors':
      return agentErrorRun(input);
    case 'fault-injector':
      return faultRun(input);
    case 'header-inspector':
      return headerInspectorRun(input, requireToolCall(input));
    case 'tenant-data':
      return tenantDataRun(input, requireToolCall(input));
    case 'leaky-echo':
      return leakyEchoRun(input, requireToolCall(input));
    case 'region-reporter':
      return regionReporterRun(input, requireToolCall(input));
    case 'bench':
      return benchRun(input);
    case 'file-reader':
      return fileReaderRun(input);
    case 'slow-tool': {
      if (!input.invokeTool) throw new Error('the Slow Tool needs a tool invoker');
      return slowToolRun(input, input.invokeTool, input.silentToolMs ?? defaultSilentToolMs);
    }
    case 'literal-braces':
      return literalBracesRun();
    case 'asking':
      return askingRun(input);
    case 'records-keeper':
    case 'guarded-operator':
    case 'two-step-migrator':
    case 'locked-auditor':
      return freshApprovalRun(assistant.script, input);
    case 'connect-required':
      return connectRequired(input);
    case 'slow-writer':
      return slowWriterRun(input);
    case 'broken':
      throw new ScriptFailure(
        'The assistant failed while generating an answer.',
        'Upstream model timed out (simulated)',
        'Try again later or pick another assistant.',
      );
  }
}

/** The MCP tool a script calls before its answer, with the arguments it passes. */
export function toolOf(
  assistant: AssistantEntry,
  input: { question: string },
): { tool: string; args: Record<string, unknown>; rewrittenByProxy?: boolean } | null {
  if (assistant.script === 'header-inspector') return { tool: 'echo_headers', args: { note: input.question } };
  if (assistant.script === 'tenant-data') return { tool: 'tenant_records', args: { query: input.question } };
  if (assistant.script === 'leaky-echo') return { tool: 'leaky_echo', args: { note: input.question } };
  if (assistant.script === 'region-reporter')
    return {
      tool: 'region_report',
      args: { region: regionOf(input.question) },
      ...(throughRewritingProxy(input.question) ? { rewrittenByProxy: true } : {}),
    };
  return null;
}

function requireToolCall(input: ScriptInput) {
  if (!input.toolCall) throw new Error('this assistant needs its tool call made before its script runs');
  return input.toolCall;
}
