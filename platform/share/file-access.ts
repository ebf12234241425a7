// Who may read a stored file (GET /v1/files/{file_url}). 2.42 servers: whoever has the URL (DEPLOYED-API.md).
// Current servers (CURRENT-SERVERS.md §4): a signed-in caller (401 otherwise), a token that decodes (400 otherwise),
// and either its owner or a share that names the file (`?share_token=`); anyone else gets 404.
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../api/errors';
import type { Authenticate } from '../api/auth';
import type { ConversationStore } from '../conversations/store';
import { decodeFileUrl, InvalidFileUrl } from '../files/file-url';
import { fileNotFound } from '../files/routes';
import type { ServerGeneration } from '../generation';
import { shareGrants } from './share-routes';
import type { ShareStore } from './share-store';

const invalidFileToken = (): ApiError =>
  new ApiError(
    400,
    'Invalid file token',
    'The file token could not be decoded.',
    'Please verify the file link and try again.',
  );

export interface FileAccess {
  server: ServerGeneration;
  authenticate: Authenticate;
  conversations: ConversationStore;
  shares: ShareStore;
}

/** Throws the refusal a server of this generation answers; returns when the caller may read the file. */
export async function checkFileAccess(
  access: FileAccess,
  req: IncomingMessage,
  fileToken: string,
  query: URLSearchParams,
): Promise<void> {
  if (access.server === '2.42') return;
  const principal = await access.authenticate(req);
  let owner: string;
  try {
    owner = decodeFileUrl(fileToken).owner;
  } catch (error) {
    if (error instanceof InvalidFileUrl) throw invalidFileToken();
    throw error;
  }
  const shareToken = query.get('share_token');
  if (shareToken !== null) {
    if (!shareGrants(access.conversations, access.shares, shareToken, fileToken)) throw fileNotFound(fileToken);
    return;
  }
  if (owner !== principal.userId) throw fileNotFound(fileToken);
}
