// A fresh call to an approval demo assistant: its plan for the question, played under the effective policy.
import type { ScriptInput } from '../assistants/script';
import type { ScriptedRun } from '../assistants/steps';
import { planOf, type PlanKind } from './plans';
import { approvalRun } from './run';

export const planKinds: readonly PlanKind[] = [
  'records-keeper',
  'guarded-operator',
  'two-step-migrator',
  'locked-auditor',
];

export const isPlanKind = (script: string): script is PlanKind => (planKinds as readonly string[]).includes(script);

export function freshApprovalRun(kind: PlanKind, input: ScriptInput): ScriptedRun {
  if (!input.invokeTool) throw new Error('approval assistants need a tool invoker');
  return approvalRun(
    {
      plan: planOf(kind, input.question),
      question: input.question,
      policy: input.toolCallPolicy ?? 'auto_approve',
      invoke: input.invokeTool,
      onPause: input.onPause ?? (() => undefined),
    },
    { kind: 'fresh' },
  );
}
