// A streaming multipart/form-data parser: parts are cut out as bytes arrive, and a part past the size limit
// (or past the part count) is counted but not kept, so an upload never buffers more than the limits allow.

export interface FormPart {
  /** The form field name. */
  field: string;
  /** The file name the client sent, or null for a plain field. */
  filename: string | null;
  /** Bytes the part had, kept or not. */
  size: number;
  /** The content; null when the part was larger than the limit or beyond the part count. */
  data: Buffer | null;
}

export interface MultipartLimits {
  /** Largest part kept, in bytes. */
  maxPartBytes: number;
  /** Parts kept; later ones are only counted. */
  maxParts: number;
}

export class MultipartError extends Error {}

const maxHeaderBytes = 16 * 1024;
const crlf = Buffer.from('\r\n');
const headerEnd = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data` Content-Type, or null for any other type. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary && boundary.length <= 70 ? boundary : null;
}

/** Reads `name="value"` parameters of a header value; quoted strings may hold `;` and escaped quotes. */
function headerParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  const pattern = /;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of value.matchAll(pattern)) {
    const name = match[1]?.toLowerCase() ?? '';
    const raw = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '').trim();
    params.set(name, raw);
  }
  return params;
}

function filenameOf(params: Map<string, string>): string | null {
  const extended = params.get('filename*');
  if (extended !== undefined) {
    const encoded = /^utf-8''(.*)$/i.exec(extended)?.[1];
    if (encoded !== undefined) {
      try {
        return decodeURIComponent(encoded);
      } catch {
        // fall back to the plain parameter
      }
    }
  }
  return params.get('filename') ?? null;
}

function partHeaders(block: Buffer): { field: string; filename: string | null } {
  const lines = block.toString('utf8').split('\r\n');
  const disposition = lines.find((line) => /^content-disposition\s*:/i.test(line));
  if (!disposition) throw new MultipartError('A part has no Content-Disposition header');
  const value = disposition.slice(disposition.indexOf(':') + 1);
  if (!/^\s*form-data\s*(;|$)/i.test(value)) throw new MultipartError('A part is not form-data');
  const params = headerParams(value);
  const field = params.get('name');
  if (field === undefined) throw new MultipartError('A part has no field name');
  return { field, filename: filenameOf(params) };
}

type State = 'preamble' | 'headers' | 'body' | 'boundary-end' | 'done';

/** Feed it the body with `write`, then call `end` for the parts. */
export class MultipartParser {
  private readonly opening: Buffer;
  private readonly delimiter: Buffer;
  private pending: Buffer = Buffer.alloc(0);
  private state: State = 'preamble';
  private current: { field: string; filename: string | null; size: number; chunks: Buffer[] | null } | null = null;
  private readonly parts: FormPart[] = [];

  constructor(
    boundary: string,
    private readonly limits: MultipartLimits,
  ) {
    this.opening = Buffer.from(`--${boundary}`);
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  write(chunk: Buffer): void {
    if (this.state === 'done') return; // the epilogue is ignored
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    // step() answers false when it needs more bytes or has read the closing boundary.
    while (this.step());
  }

  end(): FormPart[] {
    if (this.state !== 'done') throw new MultipartError('The multipart body ended before its closing boundary');
    return this.parts;
  }

  /** One transition; false when more bytes are needed. */
  private step(): boolean {
    switch (this.state) {
      case 'preamble': {
        const at = this.pending.indexOf(this.opening);
        if (at < 0) {
          // Keep only what could be the start of the opening boundary.
          this.pending = this.pending.subarray(Math.max(0, this.pending.length - this.opening.length + 1));
          return false;
        }
        this.pending = this.pending.subarray(at + this.opening.length);
        this.state = 'boundary-end';
        return true;
      }
      case 'boundary-end': {
        if (this.pending.length < 2) return false;
        if (this.pending[0] === 0x2d && this.pending[1] === 0x2d) {
          this.state = 'done';
          this.pending = Buffer.alloc(0);
          return false;
        }
        if (!this.pending.subarray(0, 2).equals(crlf)) throw new MultipartError('Malformed boundary line');
        this.pending = this.pending.subarray(2);
        this.state = 'headers';
        return true;
      }
      case 'headers': {
        const at = this.pending.indexOf(headerEnd);
        if (at < 0) {
          if (this.pending.length > maxHeaderBytes) throw new MultipartError('Part headers are too large');
          return false;
        }
        const headers = partHeaders(this.pending.subarray(0, at));
        this.current = { ...headers, size: 0, chunks: this.parts.length < this.limits.maxParts ? [] : null };
        this.pending = this.pending.subarray(at + headerEnd.length);
        this.state = 'body';
        return true;
      }
      case 'body': {
        const at = this.pending.indexOf(this.delimiter);
        if (at >= 0) {
          this.take(this.pending.subarray(0, at));
          this.finishPart();
          this.pending = this.pending.subarray(at + this.delimiter.length);
          this.state = 'boundary-end';
          return true;
        }
        // All but a possible start of the delimiter is content.
        const safe = this.pending.length - this.delimiter.length + 1;
        if (safe > 0) {
          this.take(this.pending.subarray(0, safe));
          this.pending = Buffer.from(this.pending.subarray(safe));
        }
        return false;
      }
      default:
        return false;
    }
  }

  private take(bytes: Buffer): void {
    const part = this.current;
    if (!part || bytes.length === 0) return;
    part.size += bytes.length;
    if (part.chunks && part.size > this.limits.maxPartBytes) part.chunks = null;
    // Copied: the incoming chunk is reused by the caller's stream.
    part.chunks?.push(Buffer.from(bytes));
  }

  private finishPart(): void {
    const part = this.current;
    if (!part) return;
    this.parts.push({
      field: part.field,
      filename: part.filename,
      size: part.size,
      data: part.chunks ? Buffer.concat(part.chunks) : null,
    });
    this.current = null;
  }
}

/** Parses a whole request body stream. */
export async function parseMultipart(
  body: AsyncIterable<Buffer | string> | Iterable<Buffer>,
  boundary: string,
  limits: MultipartLimits,
): Promise<FormPart[]> {
  const parser = new MultipartParser(boundary, limits);
  for await (const chunk of body) parser.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return parser.end();
}
