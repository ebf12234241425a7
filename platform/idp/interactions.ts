// Interaction endpoints (login and consent) at /auth/realms/local/interaction/:uid.
// Login shows the sign-in page; consent is granted automatically, all clients being first-party.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { readBody, sendHtml } from '../http-util';
import { verifyCredentials } from './accounts';
import { renderLoginPage } from './login-page';
import { interactionPath } from './provider';
import { tooManyAttemptsMessage, type SignInLimiter } from './sign-in-limiter';

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

async function grantConsent(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  details: Details,
): Promise<void> {
  const accountId = details.session?.accountId;
  const clientId = details.params['client_id'];
  if (!accountId || typeof clientId !== 'string') throw new Error('consent without a signed-in account');
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId, clientId });
  if (!grant) throw new Error('grant not found');
  const missing = details.prompt.details;
  const scopes = missing['missingOIDCScope'];
  if (Array.isArray(scopes)) grant.addOIDCScope(scopes.join(' '));
  const claims = missing['missingOIDCClaims'];
  if (Array.isArray(claims)) grant.addOIDCClaims(claims.filter((claim): claim is string => typeof claim === 'string'));
  const resourceScopes = missing['missingResourceScopes'];
  if (resourceScopes && typeof resourceScopes === 'object') {
    for (const [indicator, list] of Object.entries(resourceScopes)) {
      if (Array.isArray(list)) grant.addResourceScope(indicator, list.join(' '));
    }
  }
  const grantId = await grant.save();
  const consent = details.grantId ? {} : { grantId };
  await provider.interactionFinished(req, res, { consent }, { mergeWithLastSubmission: true });
}

async function clientName(provider: Provider, details: Details): Promise<string | undefined> {
  const clientId = details.params['client_id'];
  if (typeof clientId !== 'string') return undefined;
  const client = await provider.Client.find(clientId);
  return client?.clientName ?? clientId;
}

/** Handles a request under the interaction path; answers false when the path is not an interaction. */
export async function handleInteraction(
  provider: Provider,
  limiter: SignInLimiter,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): Promise<boolean> {
  const match = new RegExp(`^${interactionPath}/([A-Za-z0-9_-]+)(/login)?$`).exec(pathname);
  if (!match) return false;
  const action = `${interactionPath}/${match[1] ?? ''}/login`;
  const details = await provider.interactionDetails(req, res);
  const name = await clientName(provider, details);

  if (req.method === 'GET' && !match[2]) {
    if (details.prompt.name === 'consent') {
      await grantConsent(provider, req, res, details);
      return true;
    }
    sendHtml(res, 200, renderLoginPage({ action, ...(name ? { clientName: name } : {}) }));
    return true;
  }
  if (req.method === 'POST' && match[2]) {
    const form = new URLSearchParams(await readBody(req));
    const username = (form.get('username') ?? '').trim();
    // The socket's address, not X-Forwarded-For: a client could write any address there to dodge the limit.
    const attempt = { username, address: req.socket.remoteAddress ?? 'unknown' };
    const wait = limiter.retryAfterSeconds(attempt);
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      sendHtml(
        res,
        429,
        renderLoginPage({
          action,
          username,
          error: tooManyAttemptsMessage(wait),
          ...(name ? { clientName: name } : {}),
        }),
      );
      return true;
    }
    const account = verifyCredentials(username, form.get('password') ?? '');
    if (!account) {
      limiter.recordFailure(attempt);
      const error = 'Invalid username or password.';
      sendHtml(res, 200, renderLoginPage({ action, username, error, ...(name ? { clientName: name } : {}) }));
      return true;
    }
    limiter.recordSuccess(attempt);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.id } },
      { mergeWithLastSubmission: false },
    );
    return true;
  }
  res.statusCode = 405;
  res.setHeader('Allow', match[2] ? 'POST' : 'GET');
  res.end();
  return true;
}
