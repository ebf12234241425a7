// GET /v1/conversations/{id}/export?export_format=json|docx|pdf[&include_tool_outputs=true] (current servers,
// CURRENT-SERVERS.md §4): the owner's conversation as a file, named after the conversation. The flag is ignored for
// JSON, which carries the whole conversation.
import type { ServerResponse } from 'node:http';
import { ApiError } from '../api/errors';
import type { ConversationStore } from '../conversations/store';
import type { ApiRoute, RouteContext } from '../conversations/route-types';
import { fullConversation } from '../conversations/view';
import { contentDisposition } from '../files/download';
import { transcriptDocx } from './export-docx';
import { transcriptPdf } from './export-pdf';
import { transcriptOf } from './transcript';

const formats = {
  json: 'application/json',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
type ExportFormat = keyof typeof formats;

const isFormat = (value: string | null): value is ExportFormat => value !== null && Object.hasOwn(formats, value);

function formatOf(query: URLSearchParams): ExportFormat {
  const value = query.get('export_format') ?? 'json';
  if (isFormat(value)) return value;
  const msg = "Input should be 'json', 'docx' or 'pdf'";
  throw new ApiError(422, `export_format: ${msg}`, [{ loc: ['query', 'export_format'], msg, type: 'enum' }]);
}

/** A file name from the conversation's name: characters a file system refuses become `_`. */
function exportFileName(name: string, format: ExportFormat): string {
  const base = name
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')
    .slice(0, 100)
    // Trailing dots and spaces are refused by some file systems (an unnamed chat's name ends in "...").
    .replace(/[.\s]+$/, '')
    .trim();
  return `${base === '' ? 'conversation' : base}.${format}`;
}

function sendFile(res: ServerResponse, format: ExportFormat, name: string, data: Buffer): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', formats[format]);
  res.setHeader('Content-Disposition', contentDisposition(name));
  res.setHeader('Content-Length', data.length);
  res.end(data);
}

async function exportConversation(store: ConversationStore, { res, principal, params, query }: RouteContext) {
  const format = formatOf(query);
  const conversation = store.readable(principal, params[0] ?? '');
  const full = fullConversation(conversation, { server: store.server });
  const title = full.conversation_name;
  const name = exportFileName(title, format);
  if (format === 'json') return sendFile(res, format, name, Buffer.from(JSON.stringify(full, null, 2)));
  const transcript = transcriptOf(conversation, title, query.get('include_tool_outputs') === 'true');
  sendFile(res, format, name, format === 'pdf' ? await transcriptPdf(transcript) : await transcriptDocx(transcript));
}

export function exportRoutes(store: ConversationStore): ApiRoute[] {
  return [
    {
      method: 'GET',
      pattern: /^\/conversations\/([^/]+)\/export$/,
      handle: (ctx) => exportConversation(store, ctx),
    },
  ];
}
