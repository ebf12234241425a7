// The Asking Assistant on a current server (CURRENT-SERVERS.md §3): with the question tool offered (a streamed call
// declaring the Basic Catalog) it shows an A2UI surface: the tool-start thought, one chunk per envelope
// (createSurface, updateComponents, updateDataModel), the tool-end thought, then `last` with generated "". Without
// the tool it asks the same question in plain text. Given a checked answer, it says what was chosen.
import { randomUUID } from 'node:crypto';
import type { CheckedA2uiAnswer } from '../../conversations/interactive/a2ui-intake';
import type { WireThought } from '../../wire';
import { mediaUrls } from './a2ui-media';
import { a2uiVersion, basicCatalogId, externalVideoUrl, surfaceFor, type MediaUrls } from './a2ui-surfaces';
import type { ScriptInput } from '../script';
import { stableUuid, StepList, textRun, type ScriptedRun } from '../steps';

const toolThought = (surfaceId: string, args: unknown, ended: boolean): WireThought => ({
  id: stableUuid(`ask-a2ui:${surfaceId}`, 'tool'),
  parent_id: null,
  metadata: { replay_type: 'tool', tool_name: 'request_user_input', status: ended ? 'completed' : 'running' },
  in_progress: !ended,
  input_text: JSON.stringify(args),
  message: '',
  author_type: 'Tool',
  author_name: 'Request User Input',
  output_format: 'text',
  error: null,
  interrupted: null,
  aborted: null,
  children: [],
});

const media = (origin: string | undefined): MediaUrls => ({
  ...mediaUrls(origin ?? 'http://localhost:8080'),
  video: externalVideoUrl,
});

function surfaceRun(question: string, origin: string | undefined): ScriptedRun {
  const surface = surfaceFor(question, media(origin));
  const surfaceId = randomUUID();
  const envelopes = [
    { version: a2uiVersion, createSurface: { surfaceId, catalogId: basicCatalogId } },
    { version: a2uiVersion, updateComponents: { surfaceId, components: surface.components } },
    { version: a2uiVersion, updateDataModel: { surfaceId, path: '/', value: surface.dataModel } },
  ];
  const args = { surfaceId, components: surface.components };
  const steps = new StepList()
    .wait(1)
    .chunk({ thought: toolThought(surfaceId, args, false) })
    .wait(1);
  // Real servers' envelope chunks carry `last: false` and nothing else but the envelope.
  for (const envelope of envelopes) steps.chunk({ a2ui: envelope, last: false });
  return steps
    .chunk({ thought: toolThought(surfaceId, args, true) })
    .last('')
    .run();
}

/** A data model value in words: lists joined, booleans yes/no, empty shown as such. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value === '' || value === null || value === undefined) return '(empty)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What was chosen: "Approved: reason '…'. Deploying…", or the action and each data model value. */
export function describeA2uiAnswer(answer: CheckedA2uiAnswer): string {
  const { actionName, dataModel, components } = answer;
  const reason = typeof dataModel['reason'] === 'string' ? dataModel['reason'] : '';
  if (actionName === 'approve') return `Approved: reason '${reason}'. Deploying…`;
  if (actionName === 'reject') return `Rejected: reason '${reason}'. Not deploying.`;
  // An obscured field's value is not repeated back.
  const hidden = new Set(
    components
      .filter((component) => component.component === 'TextField' && component['variant'] === 'obscured')
      .map((component) => {
        const binding = component['value'] as { path?: unknown } | undefined;
        return typeof binding?.path === 'string' ? binding.path.replace(/^\//, '') : '';
      }),
  );
  const lines = Object.entries(dataModel).map(
    ([key, value]) => `- ${key}: ${hidden.has(key) && value !== '' ? '(hidden)' : shown(value)}`,
  );
  return [`Submitted '${actionName}'.`, ...lines].join('\n');
}

export function askingA2uiRun(input: ScriptInput): ScriptedRun {
  if (input.a2uiAnswer) return textRun(describeA2uiAnswer(input.a2uiAnswer), 0.5);
  // Without the tool (not streamed, or the Basic Catalog not declared) the agent asks in words.
  if (!input.a2ui) return textRun(surfaceFor(input.question, media(input.origin)).question, 0.5);
  return surfaceRun(input.question, input.origin);
}
