// Contract: current servers check a run's file_names at start (CURRENT-SERVERS.md §7): more than 20, a bare name, an
// unsafe path or someone else's upload is a 400 naming the file, before anything is stored; the caller's own upload
// runs. A 2.42 server takes them all and fails (or runs) afterwards.
import { describe, expect, it } from 'vitest';
import { encodeFileUrl } from '../../files/file-url';
import { ids, platformWithAnalyst } from '../../test-support';
import { workflowCalls } from './workflow-support';

const { analyst } = platformWithAnalyst(1);
const calls = workflowCalls(analyst);
const legacy = platformWithAnalyst(1, { server: '2.42' });

const analystId = 'c3000000-0000-4000-8000-000000000001';
const viewerId = 'c3000000-0000-4000-8000-000000000002';
const upload = (owner: string, name: string) => encodeFileUrl({ mime: 'text/plain', owner, name });

async function refused(fileNames: string[]) {
  const before = (await (await analyst(calls.executions(ids.summarize))).json()) as { data: unknown[] };
  const response = await analyst(calls.executions(ids.summarize), { body: { user_input: 'x', file_names: fileNames } });
  const after = (await (await analyst(calls.executions(ids.summarize))).json()) as { data: unknown[] };
  // Nothing was stored.
  expect(after.data).toHaveLength(before.data.length);
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { message: string; details: string; help: string } }).error;
}

describe('files checked at start (current servers)', () => {
  it('refuses someone else’s upload by its name, saying why and what to do', async () => {
    const error = await refused([upload(analystId, 'mine.txt'), upload(viewerId, 'theirs.txt')]);
    expect(error.message).toBe('File "theirs.txt" cannot be used by you');
    expect(error.details).toMatch(/uploaded by someone else/);
    expect(error.help).toMatch(/Choose the file again/);
  });

  it('refuses a bare name, an unsafe path and more than 20 files', async () => {
    expect((await refused(['report.pdf'])).message).toBe('File "report.pdf" is not an uploaded file');
    expect((await refused([upload(analystId, '../etc/passwd')])).message).toBe(
      'File "../etc/passwd" has an unsafe path',
    );
    const many = Array.from({ length: 21 }, (_, index) => upload(analystId, `f${index}.txt`));
    const error = await refused(many);
    expect(error.message).toBe('Too many files: at most 20 may be attached to a run');
    expect(error.details).toBe('21 files were sent; the limit is 20.');
  });

  it('runs with the caller’s own uploads, 20 at most', async () => {
    const own = Array.from({ length: 20 }, (_, index) => upload(analystId, `f${index}.txt`));
    const record = await calls.start(ids.summarize, { user_input: 'Short text.', file_names: own });
    await calls.until(ids.summarize, record.execution_id, ['Succeeded']);
  });
});

describe('2.42 servers', () => {
  it('take someone else’s upload at start', async () => {
    const response = await legacy.analyst(calls.executions(ids.summarize), {
      body: { user_input: 'x', file_names: [upload(viewerId, 'theirs.txt')] },
    });
    expect(response.status).toBe(200);
  });
});
