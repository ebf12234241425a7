// The multipart parser against bodies built by the platform's own fetch (FormData), split at every byte.
import { describe, expect, it } from 'vitest';
import { boundaryOf, MultipartError, MultipartParser, parseMultipart } from './multipart';

async function encode(form: FormData): Promise<{ body: Buffer; boundary: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const boundary = boundaryOf(request.headers.get('content-type') ?? undefined);
  if (!boundary) throw new Error('no boundary');
  return { body: Buffer.from(await request.arrayBuffer()), boundary };
}

const limits = { maxPartBytes: 1000, maxParts: 20 };

function parseInPieces(body: Buffer, boundary: string, size: number, partLimits = limits) {
  const parser = new MultipartParser(boundary, partLimits);
  for (let at = 0; at < body.length; at += size) parser.write(body.subarray(at, at + size));
  return parser.end();
}

describe('multipart/form-data parser', () => {
  it('reads fields, file names (quotes and non-ASCII included) and contents, however the body is split', async () => {
    const form = new FormData();
    form.append('note', 'plain value');
    form.append('files', new Blob(['first\r\n--not a boundary\r\nline']), 'a "quoted" name.txt');
    form.append('files', new Blob([new Uint8Array([0, 255, 13, 10, 45, 45])]), 'café ✓.bin');
    const { body, boundary } = await encode(form);
    for (const size of [1, 2, 7, 64, body.length]) {
      const parts = parseInPieces(body, boundary, size);
      expect(parts.map((part) => [part.field, part.filename, part.size])).toEqual([
        ['note', null, 11],
        // Browsers and fetch send `"` as %22 (HTML's form encoding); like Starlette, the name is kept as sent.
        ['files', 'a %22quoted%22 name.txt', 29],
        ['files', 'café ✓.bin', 6],
      ]);
      expect(parts[1]?.data?.toString()).toBe('first\r\n--not a boundary\r\nline');
      expect([...(parts[2]?.data ?? [])]).toEqual([0, 255, 13, 10, 45, 45]);
    }
  });

  it('counts but does not keep a part over the size limit, nor parts past the count', async () => {
    const form = new FormData();
    form.append('files', new Blob(['x'.repeat(5000)]), 'big.txt');
    for (const name of ['1.txt', '2.txt', '3.txt']) form.append('files', new Blob(['small']), name);
    const { body, boundary } = await encode(form);
    const parts = parseInPieces(body, boundary, 100, { maxPartBytes: 1000, maxParts: 3 });
    expect(parts.map((part) => [part.filename, part.size, part.data?.toString() ?? null])).toEqual([
      ['big.txt', 5000, null],
      ['1.txt', 5, 'small'],
      ['2.txt', 5, 'small'],
      ['3.txt', 5, null],
    ]);
  });

  it('reads a filename* parameter and a quoted boundary', async () => {
    const boundary = 'b:o;u=nd';
    expect(boundaryOf(`multipart/form-data; boundary="${boundary}"`)).toBe(boundary);
    expect(boundaryOf('application/json')).toBeNull();
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fallback.txt"; filename*=UTF-8''%E2%9C%93.txt\r\nContent-Type: text/plain\r\n\r\nok\r\n--${boundary}--\r\n`,
    );
    const parts = await parseMultipart([body], boundary, limits);
    expect(parts).toEqual([{ field: 'file', filename: '✓.txt', size: 2, data: Buffer.from('ok') }]);
  });

  it('refuses a body cut before its closing boundary and parts without a name', () => {
    const cut = new MultipartParser('zz', limits);
    cut.write(Buffer.from('--zz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc'));
    expect(() => cut.end()).toThrow(MultipartError);
    const nameless = new MultipartParser('zz', limits);
    expect(() => nameless.write(Buffer.from('--zz\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--zz--'))).toThrow(
      /field name/,
    );
  });
});
