// File Reader: answers with what it was given, name, type, size and first lines of each attached file (from
// the file store), so an upload → call round trip can be seen. Also the run of a call whose file_names fail.
import type { AttachedFile } from '../files/attachments';
import type { ScriptInput } from './script';
import { StepList, type ScriptedRun } from './steps';

const textLike = (mime: string): boolean =>
  mime.startsWith('text/') || ['application/json', 'application/x-yaml', 'application/xml'].includes(mime);

const fence = (text: string): string => {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(longest + 1);
};

function describe(file: AttachedFile): string {
  if (file.data === null) return `**${file.name}** (${file.mime}): not in the file store.`;
  const head = `**${file.name}** — ${file.mime}, ${file.data.length} bytes`;
  if (!textLike(file.mime)) return `${head} (binary: not shown).`;
  const lines = file.data.toString('utf8').split(/\r?\n/).slice(0, 5).join('\n');
  const marks = fence(lines);
  return `${head}, first lines:\n\n${marks}\n${lines}\n${marks}`;
}

export function fileReaderRun(input: ScriptInput): ScriptedRun {
  const files = input.files ?? [];
  const prompt = input.question.split('\n').at(-1) ?? '';
  const answer =
    files.length === 0
      ? 'No file is attached. Upload one with POST /v1/files/bulk and send its file_url in file_names.'
      : [
          `I received ${files.length} file${files.length === 1 ? '' : 's'}; the prompt ended with “${prompt.trim()}”.`,
          '',
          ...files.map(describe),
        ].join('\n\n');
  return new StepList().tokens(answer, 0.3).last(answer).run();
}

/** Real servers' prompt builder raises on a name that is not a file URL; the run fails with this final chunk. */
export function attachmentFailureRun(reason: string): ScriptedRun {
  const text = `AI Agent run failed with error: ValueError: ${reason}`;
  return new StepList()
    .wait(1)
    .last(text, { execution_error: 'agent_internal_error' })
    .chunk({
      last: true,
      success: false,
      agent_error: { type: 'agent_internal_error', message: reason },
      tool_errors: [],
    })
    .run();
}
