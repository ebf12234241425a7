import { describe, expect, it } from 'vitest';
import { clientFor, fakeNetwork } from '@/test/fake-network';
import { uploadFiles, type SentUpload, type UploadResponse, type UploadSender } from './file-upload';

const url = (name: string) => btoa(`10~text/plain3~u-1${name.length}~${name}`);
const json = (status: number, body: unknown): UploadResponse => ({
  status,
  headers: new Headers({ 'content-type': 'application/json' }),
  text: JSON.stringify(body),
});

function sender(answers: UploadResponse[]) {
  const sent: SentUpload[] = [];
  const send: UploadSender = async (request) => {
    sent.push(request);
    request.onProgress(50, 100);
    request.onProgress(100, 100);
    const answer = answers.shift();
    if (!answer) throw new TypeError('offline');
    return answer;
  };
  return { sent, send };
}

const file = (name: string, text = 'hello') => new File([text], name, { type: 'text/plain' });

describe('uploadFiles', () => {
  it('sends the files as the bulk upload, reports progress and returns each file’s URL', async () => {
    const { client } = clientFor(fakeNetwork([]).fetchImpl);
    const { sent, send } = sender([
      json(200, { files: [{ file_url: url('a.txt') }, { file_url: url('b.txt') }], failed_files: null }),
    ]);
    const progress: number[] = [];
    const outcome = await uploadFiles(client, [file('a.txt'), file('b.txt', 'hi')], {
      send,
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(outcome).toEqual({
      uploaded: [
        { name: 'a.txt', size: 5, fileUrl: url('a.txt') },
        { name: 'b.txt', size: 2, fileUrl: url('b.txt') },
      ],
      failed: [],
    });
    expect(progress).toEqual([50, 100]);
    expect(sent[0]?.url).toBe('http://api.test/code-assistant-api/v1/files/bulk');
    expect(sent[0]?.body.getAll('files').map((part) => (part as File).name)).toEqual(['a.txt', 'b.txt']);
    expect(sent[0]?.headers).toMatchObject({ Authorization: 'Bearer first', 'X-Request-ID': 'req-42' });
    expect(client.log.entries().at(-1)).toMatchObject({
      method: 'POST',
      status: 200,
      requestId: 'req-42',
      state: 'done',
    });
  });

  it('names the files the server refused while keeping the others', async () => {
    const { client } = clientFor(fakeNetwork([]).fetchImpl);
    const { send } = sender([
      json(200, {
        files: [{ file_url: url('ok.txt') }],
        failed_files: { 'big.bin': 'File size exceeds the maximum allowed size.' },
      }),
    ]);
    const outcome = await uploadFiles(client, [file('big.bin'), file('ok.txt')], { send });
    expect(outcome.failed).toEqual([{ name: 'big.bin', reason: 'File size exceeds the maximum allowed size.' }]);
    expect(outcome.uploaded.map((uploaded) => uploaded.name)).toEqual(['ok.txt']);
  });

  it('renews the token once on 401, and rejects with the server’s error and the request id', async () => {
    const { client, renewals } = clientFor(fakeNetwork([]).fetchImpl);
    const tooMany = {
      error: {
        message: 'Too many files. Maximum count is 20',
        details: 'Received 21 files but the maximum allowed is 20.',
        help: 'Please split your upload into multiple requests.',
      },
    };
    const { sent, send } = sender([json(401, { error: { message: 'Authentication failed' } }), json(422, tooMany)]);
    await expect(uploadFiles(client, [file('a.txt')], { send })).rejects.toMatchObject({
      status: 422,
      serverMessage: 'Too many files. Maximum count is 20',
      requestId: 'req-42',
    });
    expect(renewals()).toBe(1);
    expect(sent[1]?.headers.Authorization).toBe('Bearer renewed');
  });

  it('turns a network failure into a network error', async () => {
    const { client } = clientFor(fakeNetwork([]).fetchImpl);
    await expect(uploadFiles(client, [file('a.txt')], { send: sender([]).send })).rejects.toMatchObject({
      kind: 'network',
    });
  });
});
