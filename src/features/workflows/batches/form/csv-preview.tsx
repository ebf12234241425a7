import type { BatchInput } from '@/domain/workflows/batches/batch';

const shownRows = 5;

/** The input on one line, cut (whole in the cell's title): what a run gets is the text as it is, markdown and all. */
function oneLine(text: string, max = 120): string {
  const line = [...text.replace(/\s+/g, ' ').trim()];
  return line.length > max ? `${line.slice(0, max).join('').trimEnd()}…` : line.join('');
}

/**
 * The first rows of a loaded CSV as the batch would run them, with the chosen columns: the input each run gets and
 * the tags read for it, so a wrong column shows before anything starts.
 */
export function CsvPreview({ inputs, tagsColumn }: { inputs: readonly BatchInput[]; tagsColumn: string | null }) {
  if (inputs.length === 0) return null;
  const shown = inputs.slice(0, shownRows);
  return (
    <div className="batch-preview">
      <table className="batch-preview-table">
        <caption className="small">
          {inputs.length > shown.length
            ? `The first ${shown.length} of ${inputs.length} runs, as they will start`
            : `The ${inputs.length === 1 ? 'run' : `${inputs.length} runs`}, as ${inputs.length === 1 ? 'it' : 'they'} will start`}
        </caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Input</th>
            <th scope="col">{tagsColumn ? `Tags (from “${tagsColumn}”)` : 'Tags'}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((item, index) => (
            <tr key={index}>
              <td className="muted">{index + 1}</td>
              <td title={item.input}>{oneLine(item.input)}</td>
              <td>
                {(item.tags ?? []).length === 0 ? (
                  <span className="muted">{tagsColumn ? 'none' : '—'}</span>
                ) : (
                  <span className="chip-group">
                    {(item.tags ?? []).map((tag) => (
                      <span key={tag} className="chip mono">
                        {tag}
                      </span>
                    ))}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
