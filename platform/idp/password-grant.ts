// The resource owner password credentials grant ("client password" of the seed), used by SDK-style clients.
import { errors, type Provider } from 'oidc-provider';
import { verifyCredentials } from './accounts';
import type { ResourceServerInfo } from './resource';
import { tooManyAttemptsMessage, type SignInLimiter } from './sign-in-limiter';

interface PasswordParams {
  username?: string;
  password?: string;
}

export function registerPasswordGrant(provider: Provider, resource: ResourceServerInfo, limiter: SignInLimiter): void {
  provider.registerGrantType<PasswordParams>(
    'password',
    async (ctx) => {
      const { username, password } = ctx.oidc.params;
      if (typeof username !== 'string' || typeof password !== 'string' || username === '') {
        throw new errors.InvalidRequest('username and password are required');
      }
      // The socket's address, not X-Forwarded-For: a client could write any address there to dodge the limit.
      const attempt = { username, address: ctx.req.socket.remoteAddress ?? 'unknown' };
      const wait = limiter.retryAfterSeconds(attempt);
      if (wait > 0) {
        ctx.status = 429;
        ctx.set('Retry-After', String(wait));
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { error: 'slow_down', error_description: tooManyAttemptsMessage(wait) };
        return;
      }
      const account = verifyCredentials(username, password);
      if (!account) {
        limiter.recordFailure(attempt);
        throw new errors.InvalidGrant('invalid username or password');
      }
      limiter.recordSuccess(attempt);

      const { client } = ctx.oidc;
      const requested = (ctx.oidc.params.scope ?? 'openid profile email').split(' ').filter(Boolean);
      const allowed = new Set(resource.info.scope.split(' '));
      const unknown = requested.filter((scope) => !allowed.has(scope));
      if (unknown.length > 0) throw new errors.InvalidScope('requested scope is not allowed', unknown.join(' '));
      const scope = requested.join(' ');

      const grant = new provider.Grant({ accountId: account.id, clientId: client.clientId });
      grant.addOIDCScope(scope);
      grant.addResourceScope(resource.indicator, scope);
      const grantId = await grant.save();

      const token = new provider.AccessToken({ accountId: account.id, client, grantId, gty: 'password', scope });
      token.resourceServer = new provider.ResourceServer(resource.indicator, resource.info);
      const value = await token.save();

      ctx.body = {
        access_token: value,
        expires_in: token.expiration,
        token_type: 'Bearer',
        scope,
      };
    },
    ['username', 'password', 'scope'],
  );
}
