import type { ForwardedHeaders } from '@/domain/headers/forwarded-headers';

const headers = (count: number) => `${count} header${count === 1 ? '' : 's'}`;

/**
 * What a run's start carried, in one line for its facts: the profile, then what was sent. "Forwarding off" only when
 * headers were held back for it: a profile with nothing enabled sends nothing either way, and says that instead.
 */
export function headersLine(forwarded: ForwardedHeaders | null | undefined): string {
  if (!forwarded) return '—';
  const profile = forwarded.profileName ?? 'no profile';
  if (forwarded.propagate) return `${profile} · ${headers(forwarded.headers.length)} sent, propagate_headers: true`;
  if (forwarded.notSent.length > 0) return `${profile} · forwarding off: ${headers(forwarded.notSent.length)} not sent`;
  return forwarded.profileName === null
    ? 'no profile · none sent'
    : `${profile} · none sent: the profile has no enabled headers`;
}
