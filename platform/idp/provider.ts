// The OpenID Provider (oidc-provider 9) with Keycloak-style routes under /auth/realms/local.
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { findAccountById, serviceAccount } from './accounts';
import { buildClients, consoleClientId } from './clients';
import type { SigningKeys } from './keys';
import { logoutSource, postLogoutSuccessSource, renderError } from './logout-pages';
import { memoryStore } from './memory-store';
import { registerPasswordGrant } from './password-grant';
import type { ResourceServerInfo } from './resource';
import type { SignInLimiter } from './sign-in-limiter';

export const realmPath = '/auth/realms/local';
export const interactionPath = `${realmPath}/interaction`;

export interface ProviderOptions {
  origin: string;
  consoleOrigins: readonly string[];
  accessTokenTtl: number;
  keys: SigningKeys;
  resource: ResourceServerInfo;
  signInLimiter: SignInLimiter;
}

export const keycloakRoutes = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  jwks: '/protocol/openid-connect/certs',
  userinfo: '/protocol/openid-connect/userinfo',
  end_session: '/protocol/openid-connect/logout',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
};

function tokenClaims(accountId: string | undefined): Record<string, string> {
  const account = accountId ? findAccountById(accountId) : undefined;
  const who = account ?? serviceAccount;
  return { preferred_username: who.username, name: who.name, email: who.email };
}

export function createProvider(options: ProviderOptions): Provider {
  const { resource, consoleOrigins } = options;
  const configuration: Configuration = {
    clients: buildClients(consoleOrigins),
    jwks: { keys: [options.keys.privateJwk] },
    cookies: { keys: options.keys.cookieKeys },
    routes: keycloakRoutes,
    scopes: ['openid', 'offline_access', 'profile', 'email', 'api'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    async findAccount(_ctx, sub) {
      const account = findAccountById(sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          name: account.name,
          preferred_username: account.username,
          email: account.email,
          email_verified: true,
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${interactionPath}/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      // A client revokes its own tokens only (the console its refresh token at sign-out, RFC 7009).
      revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      // Confidential clients (resource servers, the e2e suite as the service account) may introspect any token; a
      // public client only its own (RFC 7662).
      introspection: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) =>
          client.clientAuthMethod !== 'none' || token.clientId === client.clientId,
      },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource.indicator,
        useGrantedResource: () => true,
        getResourceServerInfo: () => resource.info,
      },
    },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx: KoaContextWithOIDC, origin: string) => consoleOrigins.includes(origin),
    extraTokenClaims: (_ctx, token) => tokenClaims(token.kind === 'AccessToken' ? token.accountId : undefined),
    issueRefreshToken: (_ctx, client) =>
      client.grantTypeAllowed('refresh_token') && client.clientId === consoleClientId,
    renderError,
    adapter: memoryStore(),
    ttl: {
      AccessToken: options.accessTokenTtl,
      ClientCredentials: options.accessTokenTtl,
      IdToken: 3600,
      AuthorizationCode: 60,
      Interaction: 3600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
      RefreshToken: 8 * 3600,
    },
  };
  const provider = new Provider(`${options.origin}${realmPath}`, configuration);
  // Endpoint URLs (discovery, redirects) are built from the request's host and protocol. server.ts pins
  // both to the configured public origin in the X-Forwarded-* headers; trusting those headers is what lets
  // an https public origin behind a TLS proxy come out right.
  provider.proxy = true;
  registerPasswordGrant(provider, resource, options.signInLimiter);
  return provider;
}
