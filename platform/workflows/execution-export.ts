// GET …/export: an execution's state outputs as a zip of Markdown or HTML files, named as real servers name them
// (DEPLOYED-API.md §5): one file per state `<YYYY-MM-DD_HH-MM-SS.mmm>_<state name>_<status>.<ext>`, lowercased,
// or one combined `<workflow name>_<eid>.<ext>`. JSON outputs are pretty-printed with indent 4.
import { zipFiles, type ZipEntry } from '../zip-writer';
import type { StateRecord } from './execution-records';

export type ExportFormat = 'md' | 'html';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The output as exported: JSON (object or array) re-indented by 4, anything else as is. */
function contentOf(output: string): { text: string; json: boolean } {
  const trimmed = output.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { text: JSON.stringify(JSON.parse(trimmed), null, 4), json: true };
    } catch {
      // not JSON after all: exported as text
    }
  }
  return { text: output, json: false };
}

function render(output: string, format: ExportFormat): string {
  const { text, json } = contentOf(output);
  if (format === 'md') return json ? `\`\`\`json\n${text}\n\`\`\`` : text;
  const body = json
    ? `<pre><code class="language-json">${escapeHtml(text)}</code></pre>`
    : `<pre>${escapeHtml(text)}</pre>`;
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"></head><body>${body}</body></html>\n`;
}

/** `2026-11-24T02:10:12.123000` → `2026-11-24_02-10-12.123`. */
const fileTime = (naive: string): string => naive.slice(0, 23).replace('T', '_').replace(/:/g, '-');

const stateFileName = (state: StateRecord, format: ExportFormat): string =>
  `${fileTime(state.completed_at ?? state.started_at ?? state.date)}_${state.name.replace(/\//g, '_')}_${state.status}.${format}`.toLowerCase();

/** The zip for `states` (none for an unknown execution: an empty zip, or an empty combined file). */
export function exportZip(
  states: readonly StateRecord[],
  options: { format: ExportFormat; combined: boolean; baseName: string },
): Buffer {
  const { format, combined, baseName } = options;
  if (combined) {
    const text =
      format === 'md'
        ? states.map((state) => `## ${state.name}_${state.status}\n${render(state.output ?? '', 'md')}\n\n`).join('')
        : states
            .map(
              (state) =>
                `<h2>${escapeHtml(`${state.name}_${state.status}`)}</h2>\n${render(state.output ?? '', 'html')}`,
            )
            .join('');
    return zipFiles([{ name: `${baseName}.${format}`, data: Buffer.from(text, 'utf8') }]);
  }
  const entries: ZipEntry[] = states.map((state) => ({
    name: stateFileName(state, format),
    data: Buffer.from(render(state.output ?? '', format), 'utf8'),
  }));
  return zipFiles(entries);
}
