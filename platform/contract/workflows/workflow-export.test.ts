// Contract: GET …/export answers a real zip named as real servers name it (DEPLOYED-API.md §5).
import { describe, expect, it } from 'vitest';
import { ids, platformWithAnalyst } from '../../test-support';
import { workflowCalls } from './workflow-support';
import { readZip } from '../zip-reader';

const { analyst } = platformWithAnalyst(1);
const calls = workflowCalls(analyst);

const exported = async (workflow: string, id: string, query: string) => {
  const response = await analyst(`${calls.executions(workflow)}/${id}/export${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  return {
    disposition: response.headers.get('content-disposition'),
    files: readZip(Buffer.from(await response.arrayBuffer())),
  };
};

describe('export', () => {
  it('zips one Markdown file per state, named <time>_<state>_<status>.md in lower case', async () => {
    const { execution_id: id } = await calls.start(ids.failing);
    await calls.until(ids.failing, id, ['Failed']);
    const { disposition, files } = await exported(ids.failing, id, '?output_format=md&combined=false');
    expect(disposition).toBe(`attachment; filename=Failing pipeline_${id}.zip`);
    expect(files.map((file) => file.name)).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d\.\d{3}_prepare_succeeded\.md$/),
      expect.stringMatching(/^\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d\.\d{3}_transform records_failed\.md$/),
    ]);
    expect(files[0]?.text).toBe('Prepared the batch.');
    expect(files[1]?.text).toMatch(/^Error: record 17/);
  });

  it('pretty-prints JSON outputs with indent 4, and escapes them in HTML', async () => {
    const { execution_id: id } = await calls.start(ids.tagEcho, { user_input: '<b>hi</b>' });
    await calls.until(ids.tagEcho, id, ['Succeeded']);
    const md = await exported(ids.tagEcho, id, '');
    expect(md.files[0]?.name).toMatch(/_echo parameters_succeeded\.md$/);
    expect(md.files[0]?.text).toContain('\n    "user_input": "<b>hi</b>"');
    const html = await exported(ids.tagEcho, id, '?output_format=html');
    expect(html.files[0]?.name).toMatch(/\.html$/);
    expect(html.files[0]?.text).toContain('&lt;b&gt;hi&lt;/b&gt;');
  });

  it('combines all states in one file when asked', async () => {
    const { execution_id: id } = await calls.start(ids.failing);
    await calls.until(ids.failing, id, ['Failed']);
    const { files } = await exported(ids.failing, id, '?combined=true');
    expect(files.map((file) => file.name)).toEqual([`Failing pipeline_${id}.md`]);
    expect(files[0]?.text).toMatch(
      /^## Prepare_Succeeded\nPrepared the batch\.\n\n## Transform records_Failed\nError: record 17/,
    );
  });

  it('answers an unknown execution with an empty zip', async () => {
    const { files, disposition } = await exported(ids.failing, '00000000-0000-4000-8000-000000000000', '');
    expect(files).toEqual([]);
    expect(disposition).toBe('attachment; filename=Failing pipeline_00000000-0000-4000-8000-000000000000.zip');
  });
});
