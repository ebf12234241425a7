// The registered OIDC clients of the local identity provider.
import type { ClientMetadata } from 'oidc-provider';

export const consoleClientId = 'assistant-console';
export const sdkClientId = 'sdk-client';
export const serviceAccountClientId = 'service-account';
/** Local-only secret of the service account client. Never use it outside this development platform. */
export const serviceAccountSecret = 'local-service-account-secret';

export function buildClients(consoleOrigins: readonly string[]): ClientMetadata[] {
  return [
    {
      client_id: consoleClientId,
      client_name: 'Assistant Console',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: consoleOrigins.map((origin) => `${origin}/auth/callback`),
      post_logout_redirect_uris: consoleOrigins.flatMap((origin) => [origin, `${origin}/`]),
    },
    {
      client_id: sdkClientId,
      client_name: 'SDK client (password grant)',
      token_endpoint_auth_method: 'none',
      grant_types: ['password'],
      response_types: [],
      redirect_uris: [],
    },
    {
      client_id: serviceAccountClientId,
      client_name: 'Service account',
      client_secret: serviceAccountSecret,
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
    },
  ];
}
