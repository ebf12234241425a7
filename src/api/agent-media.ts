// Media an agent named in a form, read after the person agreed. The page's security policy lets pictures come from
// its own origin or as data: URLs, and lets the page call the API's origin: a picture on the API's origin is read with
// a plain fetch (no token, no cookies, no referrer: the address is the agent's, not ours) and shown as a data: URL.

const maxPictureBytes = 5 * 1024 * 1024;

export class AgentMediaError extends Error {}

export async function agentPictureDataUrl(url: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, { credentials: 'omit', referrerPolicy: 'no-referrer', signal });
  if (!response.ok) throw new AgentMediaError(`the server answered ${response.status}`);
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (!type.startsWith('image/')) throw new AgentMediaError('it is not a picture');
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > maxPictureBytes) throw new AgentMediaError('it is larger than 5 MB');
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}
