// Bearer JWT verification with jose against the provider's JWKS: signature, issuer, audience, expiry.
import type { IncomingMessage } from 'node:http';
import { createLocalJWKSet, errors, jwtVerify, type JWK } from 'jose';
import { findAccountById, serviceAccount } from '../idp/accounts';
import { unauthorized } from './errors';

export interface Principal {
  userId: string;
  username: string;
  name: string;
  email: string;
  roles: readonly string[];
}

export type Authenticate = (req: IncomingMessage) => Promise<Principal>;

function describeFailure(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'Access token expired';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'Access token signature is invalid';
  if (error instanceof errors.JWKSNoMatchingKey) return 'Access token is signed with an unknown key';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'Access token is not meant for this API (audience mismatch)';
    if (error.claim === 'iss') return 'Access token was issued by an unknown issuer';
    return `Access token claim '${error.claim}' is invalid`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'Access token algorithm is not allowed';
  return 'Malformed access token';
}

export function createAuthenticator(jwks: { keys: JWK[] }, issuer: string, audience: string): Authenticate {
  const keySet = createLocalJWKSet(jwks);
  return async (req) => {
    const header = req.headers.authorization;
    if (!header) throw unauthorized('Missing bearer token', 'Send Authorization: Bearer <access token>.');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1])
      throw unauthorized('Malformed Authorization header', 'Expected: Authorization: Bearer <access token>.');
    let payload;
    try {
      ({ payload } = await jwtVerify(match[1], keySet, {
        issuer,
        audience,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      throw unauthorized(describeFailure(error), error instanceof Error ? error.message : null);
    }
    const sub = String(payload.sub);
    const account = findAccountById(sub);
    if (account) {
      return {
        userId: account.id,
        username: account.username,
        name: account.name,
        email: account.email,
        roles: account.roles,
      };
    }
    if (sub === serviceAccount.id) {
      return {
        userId: sub,
        username: serviceAccount.username,
        name: serviceAccount.name,
        email: serviceAccount.email,
        roles: serviceAccount.roles,
      };
    }
    throw unauthorized('Access token subject is unknown');
  };
}

export function mayUse(principal: Principal, requiredRole: string | undefined): boolean {
  return requiredRole === undefined || principal.roles.includes(requiredRole);
}
