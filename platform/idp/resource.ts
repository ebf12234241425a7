// The API as an OAuth resource server: every access token is an RS256 JWT for this audience.
import type { ResourceServer } from 'oidc-provider';

export interface ResourceServerInfo {
  indicator: string;
  info: ResourceServer;
}

export function apiResourceServer(origin: string, accessTokenTtl: number, apiPath: string): ResourceServerInfo {
  const indicator = `${origin}${apiPath}`;
  return {
    indicator,
    info: {
      scope: 'openid profile email offline_access api',
      audience: indicator,
      accessTokenFormat: 'jwt',
      accessTokenTTL: accessTokenTtl,
      jwt: { sign: { alg: 'RS256' } },
    },
  };
}
