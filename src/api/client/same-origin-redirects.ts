import { ApiError } from '@/domain/errors/api-error';

// fetch cannot drop headers when it follows a redirect: the custom X-* headers of a call (secret ones too) would go on
// to wherever the server points (browsers drop only Authorization when the origin changes). So a call that carries
// them follows no redirect by itself (`redirect: 'manual'`): one to the same origin is followed here, when its
// address can be read; any other is refused, and the headers go nowhere but the API's own origin.

/** X-* headers beyond the console's own request id: a header profile's, or a caller's. */
export const carriesCustomHeaders = (headers: Record<string, string>): boolean =>
  Object.keys(headers).some((key) => /^x-/i.test(key) && key.toLowerCase() !== 'x-request-id');

/** How many redirects of one call are followed before it is refused (browsers follow at most 20). */
const maxRedirects = 5;

const isRedirect = (response: Response): boolean =>
  response.type === 'opaqueredirect' || [301, 302, 303, 307, 308].includes(response.status);

/** The refusal: the call was redirected, and the console did not follow it with the call's headers. */
export const redirectRefused = (url: string, to: URL | null): ApiError =>
  new ApiError({ kind: 'redirect', url, redirected: true, ...(to ? { details: `Redirected to ${to.origin}` } : {}) });

/**
 * Sends the call with `fetchImpl`, following redirects only to the same origin and only where the new address can be
 * read (a browser hides it from `redirect: 'manual'`: then the redirect is refused).
 */
export async function fetchSameOrigin(fetchImpl: typeof fetch, url: string, init: RequestInit): Promise<Response> {
  let address = url;
  let request: RequestInit = { ...init, redirect: 'manual' };
  for (let hops = 0; ; hops += 1) {
    const response = await fetchImpl(address, request);
    if (!isRedirect(response)) return response;
    await response.body?.cancel().catch(() => undefined);
    const location = response.type === 'opaqueredirect' ? null : response.headers.get('location');
    let next: URL | null = null;
    try {
      next = location ? new URL(location, address) : null;
    } catch {
      next = null;
    }
    if (!next || next.origin !== new URL(address).origin || hops >= maxRedirects) throw redirectRefused(url, next);
    // As fetch does: 303 (and 301/302 after a POST) go on as a GET without the body.
    const method = (request.method ?? 'GET').toUpperCase();
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      const headers = new Headers(request.headers);
      headers.delete('content-type');
      const { body: _body, ...rest } = request;
      request = { ...rest, method: 'GET', headers };
    }
    address = next.href;
  }
}
