import type { TokenOwnerAnswer } from '@/api/client/token-owner';
import type { JwtClaims } from '@/features/auth/jwt-claims';
import type { SessionUser } from '@/features/auth/session-store';

/** What a pasted token opens, once the API has said whose it is. */
export type OwnerVerdict =
  /** The API accepted the token and named the person the token claims: their local data may open. */
  | { kind: 'verified'; user: SessionUser }
  /** Nothing opens, and asking again cannot change that: back to the sign-in page with this message. */
  | { kind: 'refused'; message: string }
  /** Nothing opens yet: the API could not be asked; the person may try again. */
  | { kind: 'retry'; message: string };

const reasonOf = ({ message, details }: { message?: string; details?: string }) =>
  [message, details].filter(Boolean).join(': ').replace(/^(.)/, ': $1');

const nothingOpened = 'Nothing of anyone’s data in this browser was opened.';

/**
 * Decides from the API's answer, never from the token alone: a token is readable by anyone and can be made by
 * hand, so its `sub` only says who it claims to be. The owner of local data is the person the API names.
 */
export function ownerVerdict(claims: JwtClaims, answer: TokenOwnerAnswer): OwnerVerdict {
  switch (answer.kind) {
    case 'named': {
      if (claims.sub !== undefined && claims.sub !== answer.userId) {
        const named = answer.name ?? answer.username ?? answer.userId;
        return {
          kind: 'refused',
          message: `The API accepted this token but says it belongs to ${named} (${answer.userId}), not to ${claims.sub} as the token claims. ${nothingOpened} Paste a token of your own.`,
        };
      }
      return {
        kind: 'verified',
        user: {
          sub: answer.userId,
          name: answer.name ?? answer.username ?? answer.userId,
          ...(answer.email ? { email: answer.email } : {}),
          ...(answer.username ? { username: answer.username } : {}),
          ...(claims.exp ? { expiresAt: claims.exp } : {}),
        },
      };
    }
    case 'unnamed':
      return {
        kind: 'refused',
        message: `The API accepted this token but did not say whose it is (GET /v1/user named no user). ${nothingOpened}`,
      };
    case 'refused':
      return {
        kind: 'refused',
        message: `The API refused this token (HTTP ${answer.status}${reasonOf(answer)}). ${nothingOpened} Paste a token your identity provider issued for this API.`,
      };
    case 'unavailable':
      return {
        kind: 'refused',
        message: `The API cannot say whose this token is (GET /v1/user ${answer.status ? `answered ${answer.status}` : 'did not answer as the API does'}), so the console cannot tell whose data to open. ${nothingOpened} Check the API address, or sign in with the identity provider.`,
      };
    case 'unreachable':
      return {
        kind: 'retry',
        message: `Could not reach the API to check who this token belongs to${answer.status ? ` (HTTP ${answer.status})` : ''}${answer.message ? `: ${answer.message}` : ''}. Nothing was opened yet.`,
      };
  }
}
