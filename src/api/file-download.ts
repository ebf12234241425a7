import { queryOptions } from '@tanstack/react-query';
import { errorFromResponse, type ApiClient } from './client/http-client';

/**
 * Reads a stored file (GET /v1/files/{file_url}) as a Blob. Real servers ask no token for it; the client's bearer
 * header goes anyway (a deployment may guard it at its ingress), never the token in the address.
 */
export async function fetchStoredFile(client: ApiClient, fileUrl: string, signal?: AbortSignal): Promise<Blob> {
  // The URL is the path segment as the server issued it, as the real UI sends it: base64 needs no escaping there.
  const { response, ids } = await client.send(
    `/v1/files/${fileUrl}`,
    { method: 'GET', ...(signal ? { signal } : {}) },
    '*/*',
  );
  if (!response.ok) throw await errorFromResponse(response, ids);
  return response.blob();
}

const dataUrlOf = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read.'));
    reader.readAsDataURL(blob);
  });

/** Pictures larger than this are not drawn as thumbnails (the chip names them); a thumbnail is held in memory. */
export const thumbnailMaxBytes = 8 * 1024 * 1024;

/**
 * A stored picture as a data: URL for an <img>. Not an object URL: the production CSP allows `img-src 'self' data:`
 * only, and a blob: picture would be blocked there. Cached per file URL: every question showing it shares one read.
 */
export const storedPictureQuery = (client: ApiClient, fileUrl: string) =>
  queryOptions({
    queryKey: ['files', client.baseUrl, 'picture', fileUrl] as const,
    queryFn: async ({ signal }) => {
      const blob = await fetchStoredFile(client, fileUrl, signal);
      if (!blob.type.startsWith('image/') || blob.type.startsWith('image/svg') || blob.size > thumbnailMaxBytes)
        return null;
      return dataUrlOf(blob);
    },
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: 1,
  });
