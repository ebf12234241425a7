// Contract: uploads, downloads and file_names on the assistant call, as real servers answer them (DEPLOYED-API §2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../server';
import { encodeFileUrl } from '../files/file-url';
import { chunksOf, readRaw } from '../stream-read';
import { api, ids, passwordToken, startTestPlatform } from '../test-support';

const maxUploadBytes = 1000;
let platform: RunningPlatform;
let token: string;
let analyst: ReturnType<typeof api>;
beforeAll(async () => {
  platform = await startTestPlatform(1, 600, undefined, { maxUploadBytes });
  token = await passwordToken(platform, 'analyst');
  analyst = api(platform, token);
});
afterAll(() => platform.close());

const analystId = 'c3000000-0000-4000-8000-000000000001';
const filesUrl = (path: string) => `${platform.apiBaseUrl}/v1/files${path}`;

function upload(
  path: string,
  field: string,
  files: [string, string | Uint8Array<ArrayBuffer>][],
  redirect: RequestRedirect = 'follow',
) {
  const form = new FormData();
  for (const [name, content] of files) form.append(field, new Blob([content]), name);
  return fetch(filesUrl(path), { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` }, redirect });
}

describe('POST /v1/files/', () => {
  it('stores one file and answers its file_url; a re-upload of the name keeps the URL and replaces the content', async () => {
    const first = await upload('/', 'file', [['notes.txt', 'first version']]);
    expect(first.status).toBe(200);
    const { file_url } = (await first.json()) as { file_url: string };
    expect(file_url).toBe(encodeFileUrl({ mime: 'text/plain', owner: analystId, name: 'notes.txt' }));
    const again = (await (await upload('/', 'file', [['notes.txt', 'second version']])).json()) as { file_url: string };
    expect(again.file_url).toBe(file_url);
    expect(
      await (await fetch(filesUrl(`/${file_url}`), { headers: { Authorization: `Bearer ${token}` } })).text(),
    ).toBe('second version');
  });

  it('refuses a file over the limit with 400 "Invalid file", and a missing field with 422', async () => {
    const big = await upload('/', 'file', [['big.txt', 'x'.repeat(maxUploadBytes + 1)]]);
    expect(big.status).toBe(400);
    expect(await big.json()).toEqual({
      error: {
        message: 'Invalid file',
        details: "The uploaded file 'big.txt' is invalid.",
        help: 'Please verify the file and try again. If you believe this is an error, contact support.',
      },
    });
    const missing = await upload('/', 'document', [['a.txt', 'a']]);
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({
      error: {
        message: 'file: Field required',
        details: [{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }],
      },
    });
  });

  it('redirects /v1/files to /v1/files/ with 307, and needs a token', async () => {
    const redirected = await upload('', 'file', [['a.txt', 'a']], 'manual');
    expect(redirected.status).toBe(307);
    expect(redirected.headers.get('location')).toBe(filesUrl('/'));
    const anonymous = await fetch(filesUrl('/'), { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /v1/files/bulk', () => {
  it('stores the files within the limit and names the others in failed_files', async () => {
    const response = await upload('/bulk', 'files', [
      ['a.csv', 'x,y\n1,2'],
      ['huge.bin', new Uint8Array(maxUploadBytes + 1)],
      ['b.yaml', 'k: v'],
    ]);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      files: { file_url: string }[];
      failed_files: Record<string, string> | null;
    };
    expect(body.files).toEqual([
      { file_url: encodeFileUrl({ mime: 'text/csv', owner: analystId, name: 'a.csv' }) },
      { file_url: encodeFileUrl({ mime: 'application/x-yaml', owner: analystId, name: 'b.yaml' }) },
    ]);
    expect(body.failed_files).toEqual({ 'huge.bin': 'File size exceeds the maximum allowed size.' });
    const fine = (await (await upload('/bulk', 'files', [['c.txt', 'c']])).json()) as { failed_files: unknown };
    expect(fine.failed_files).toBeNull();
  });

  it('refuses more than 20 files with 422', async () => {
    const files = Array.from({ length: 21 }, (_, index) => [`f${index}.txt`, 'x'] as [string, string]);
    const response = await upload('/bulk', 'files', files);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: {
        message: 'Too many files. Maximum count is 20',
        details: 'Received 21 files but the maximum allowed is 20.',
        help: 'Please split your upload into multiple requests.',
      },
    });
  });
});

describe('GET /v1/files/{file_url}', () => {
  const stored = async (name: string, content: string) =>
    ((await (await upload('/', 'file', [[name, content]])).json()) as { file_url: string }).file_url;
  const read = (fileUrl: string, bearer: string | null = token) =>
    fetch(filesUrl(`/${fileUrl}`), bearer ? { headers: { Authorization: `Bearer ${bearer}` } } : {});

  it('serves its owner, by stored MIME, always nosniff', async () => {
    const cases: [string, string, string, string][] = [
      ['plain.txt', 'hello', 'application/octet-stream', 'attachment; filename="plain.txt"'],
      ['pic.png', 'PNG', 'image/png', 'inline; filename="pic.png"'],
      ['page.html', '<p>x</p>', 'text/html', 'attachment; filename="page.html"'],
      ['code.js', 'let a = 1', 'text/plain', 'attachment; filename="code.js"'],
      ['data.xml', '<a/>', 'application/octet-stream', 'attachment; filename="data.xml"'],
    ];
    for (const [name, content, type, disposition] of cases) {
      const response = await read(await stored(name, content));
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type'), name).toBe(type);
      expect(response.headers.get('content-disposition'), name).toBe(disposition);
      expect(response.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(await response.text()).toBe(content);
    }
    const svg = await read(await stored('logo.svg', '<svg/>'));
    expect(svg.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(svg.headers.get('content-disposition')).toBe('attachment; filename="logo.svg"');
    const sniffed = await read(await stored('blob', '<!DOCTYPE html><script>x</script>'));
    expect(sniffed.headers.get('content-type')).toBe('text/html');
  });

  it('current servers: 401 without a sign-in, 404 for someone else, 400 for a token that does not decode', async () => {
    const fileUrl = await stored('mine.txt', 'only mine');
    expect((await read(fileUrl, null)).status).toBe(401);
    const other = await read(fileUrl, await passwordToken(platform, 'viewer'));
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: { message: string } }).error.message).toBe('File not found');
    const garbage = await read('report.pdf');
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { error: { message: string; details: string } }).error).toMatchObject({
      message: 'Invalid file token',
      details: 'The file token could not be decoded.',
    });
  });

  it('answers 404 "File not found" for an unknown file', async () => {
    const unknown = encodeFileUrl({ mime: 'text/plain', owner: analystId, name: 'never-uploaded.txt' });
    const missing = await read(unknown);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string; details: string } }).error).toMatchObject({
      message: 'File not found',
      details: `The requested file '${unknown}' could not be found.`,
    });
  });

  it('2.42 servers: whoever has the URL reads it, without a sign-in; a URL that does not decode is 500', async () => {
    const old = await startTestPlatform(1, 600, undefined, { server: '2.42' });
    try {
      const form = new FormData();
      form.append('file', new Blob(['anyone']), 'open.txt');
      const owner = await passwordToken(old, 'analyst');
      const uploaded = await fetch(`${old.apiBaseUrl}/v1/files/`, {
        method: 'POST',
        body: form,
        headers: { Authorization: `Bearer ${owner}` },
      });
      const { file_url } = (await uploaded.json()) as { file_url: string };
      const anonymous = await fetch(`${old.apiBaseUrl}/v1/files/${file_url}`);
      expect(anonymous.status).toBe(200);
      expect(await anonymous.text()).toBe('anyone');
      const garbage = await fetch(`${old.apiBaseUrl}/v1/files/report.pdf`);
      expect(garbage.status).toBe(500);
      expect(((await garbage.json()) as { error: { message: string } }).error.message).toBe('Internal server error');
    } finally {
      await old.close();
    }
  });
});

describe('file_names on the assistant call', () => {
  const call = (body: Record<string, unknown>) =>
    analyst(`/assistants/${ids.fileReader}/model`, { body: { text: 'What is in the files?', ...body } });

  it('refuses more than 20 with 422', async () => {
    const response = await call({ file_names: Array.from({ length: 21 }, () => 'x') });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: {
        message: 'file_names: Too many files. Maximum count is 20',
        details: [{ loc: ['file_names'], msg: 'Too many files. Maximum count is 20', type: 'value_error' }],
      },
    });
  });

  it('fails the run, not the request, for a name that is not a file URL: stream and JSON', async () => {
    for (const stream of [true, false]) {
      const response = await call({ file_names: ['report.pdf'], stream });
      expect(response.status).toBe(200);
      if (stream) {
        const { chunks } = chunksOf(response.headers.get('content-type'), (await readRaw(response)).text);
        const last = chunks.find((chunk) => chunk.last === true);
        expect(last?.execution_error).toBe('agent_internal_error');
        expect(last?.generated).toContain('Invalid encoded URL data: report.pdf');
      } else {
        const body = (await response.json()) as { success: boolean; generated: string };
        expect(body.success).toBe(false);
        expect(body.generated).toContain('Invalid encoded URL data: report.pdf');
      }
    }
  });

  it('File Reader reads uploaded files back: upload → call round trip, prompt naming the files', async () => {
    const bulk = (await (
      await upload('/bulk', 'files', [
        ['todo.md', '# Todo\n- write tests\n- ship'],
        ['pic.png', 'PNG'],
      ])
    ).json()) as { files: { file_url: string }[] };
    const response = await call({ file_names: bulk.files.map((file) => file.file_url) });
    const { generated } = (await response.json()) as { generated: string };
    expect(generated).toContain('Attached files: todo.md, pic.png');
    expect(generated).toContain('**todo.md** — text/markdown, 27 bytes, first lines:');
    expect(generated).toContain('- write tests');
    expect(generated).toContain('**pic.png** — image/png, 3 bytes (binary: not shown)');
  });
});
