// POST /v1/files/ and /v1/files/bulk (multipart uploads, limits as real servers apply them) and
// GET /v1/files/{file_url} (2.42 servers: no authentication, whoever has the URL reads the file; current servers check
// the caller first, see ../share/file-access.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendHtml, sendJson } from '../http-util';
import { ApiError, badRequest, validationError } from '../api/errors';
import { sendStoredFile } from './download';
import { decodeFileUrl, InvalidFileUrl } from './file-url';
import { boundaryOf, MultipartError, parseMultipart, type FormPart } from './multipart';
import type { FileStore } from './store';

/** Real servers' ingress refuses bodies over 900 MiB before the API sees them. */
const ingressBodyLimit = 900 * 1024 * 1024;
/** At most this many files per bulk upload (and per assistant call). */
export const maxFileCount = 20;

export interface UploadContext {
  req: IncomingMessage;
  res: ServerResponse;
  owner: string;
  store: FileStore;
  maxUploadBytes: number;
}

const ingressRefusal =
  '<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n<center><h1>413 Request Entity Too Large</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** The file parts of the form, or null when the ingress would have refused the body (answered here). */
async function readFileParts(ctx: UploadContext, field: string): Promise<FormPart[] | null> {
  const length = Number(ctx.req.headers['content-length'] ?? NaN);
  if (length > ingressBodyLimit) {
    ctx.res.setHeader('Connection', 'close');
    sendHtml(ctx.res, 413, ingressRefusal);
    return null;
  }
  const boundary = boundaryOf(ctx.req.headers['content-type']);
  if (boundary === null) return [];
  try {
    // One more part than allowed is kept, so "too many" is known; the rest are only counted.
    const parts = await parseMultipart(ctx.req, boundary, {
      maxPartBytes: ctx.maxUploadBytes,
      maxParts: maxFileCount + 1,
    });
    return parts.filter((part) => part.field === field && part.filename !== null);
  } catch (error) {
    if (error instanceof MultipartError) throw badRequest('There was an error parsing the body', error.message);
    throw error;
  }
}

const fieldRequired = (field: string): ApiError =>
  validationError(field, { loc: ['body', field], msg: 'Field required', type: 'missing' });

export async function uploadOne(ctx: UploadContext): Promise<void> {
  const parts = await readFileParts(ctx, 'file');
  if (parts === null) return;
  // Like a form's single value, the last part of that name counts.
  const file = parts.at(-1);
  if (!file) throw fieldRequired('file');
  const name = file.filename ?? '';
  if (file.data === null || file.size > ctx.maxUploadBytes) {
    throw new ApiError(
      400,
      'Invalid file',
      `The uploaded file '${name}' is invalid.`,
      'Please verify the file and try again. If you believe this is an error, contact support.',
    );
  }
  sendJson(ctx.res, 200, { file_url: ctx.store.put(ctx.owner, name, file.data) });
}

export async function uploadBulk(ctx: UploadContext): Promise<void> {
  const parts = await readFileParts(ctx, 'files');
  if (parts === null) return;
  if (parts.length === 0) throw fieldRequired('files');
  if (parts.length > maxFileCount) {
    throw new ApiError(
      422,
      `Too many files. Maximum count is ${maxFileCount}`,
      `Received ${parts.length} files but the maximum allowed is ${maxFileCount}.`,
      'Please split your upload into multiple requests.',
    );
  }
  const files: { file_url: string }[] = [];
  const failed: Record<string, string> = {};
  for (const part of parts) {
    const name = part.filename ?? '';
    if (part.data === null || part.size > ctx.maxUploadBytes)
      failed[name] = 'File size exceeds the maximum allowed size.';
    else files.push({ file_url: ctx.store.put(ctx.owner, name, part.data) });
  }
  sendJson(ctx.res, 200, { files, failed_files: Object.keys(failed).length > 0 ? failed : null });
}

export function download(res: ServerResponse, store: FileStore, id: string): void {
  // A `/` (even sent as %2F) never reaches the route on real servers: their router decodes before matching.
  if (id.includes('/')) return sendJson(res, 404, { detail: 'Not Found' });
  let ref;
  try {
    ref = decodeFileUrl(id);
  } catch (error) {
    if (!(error instanceof InvalidFileUrl)) throw error;
    throw new ApiError(
      500,
      'Internal server error',
      'An unexpected error occurred while processing the request.',
      'Please try again later. If the problem persists, contact support.',
    );
  }
  const file = store.get(ref);
  if (!file) throw fileNotFound(id);
  sendStoredFile(res, file);
}

export const fileNotFound = (id: string): ApiError =>
  new ApiError(
    404,
    'File not found',
    `The requested file '${id}' could not be found.`,
    'Please verify the file name and try again.',
  );
