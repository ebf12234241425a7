// Pages the provider renders itself: logout confirmation, post-logout success, and errors.
import { decodeJwt } from 'jose';
import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml, page } from '../html';

/** The person whose session this logout would end is the one the (already validated) ID token hint names. */
function hintNamesSessionAccount(ctx: KoaContextWithOIDC): boolean {
  const hint = ctx.oidc.params?.id_token_hint;
  const accountId = ctx.oidc.session?.accountId;
  if (typeof hint !== 'string' || !accountId) return false;
  try {
    return decodeJwt(hint).sub === accountId;
  } catch {
    return false;
  }
}

/**
 * Keycloak's logout: with an ID token hint naming the session's person (oidc-provider has checked its signature and
 * client before this runs), the session ends without a question, as Keycloak does; without one (or for someone
 * else's session) it asks "Do you want to log out?", one Logout button, which nothing submits but the person. A
 * console must not count on that answer, and the e2e suite sees the page it must not count on. `form` is the
 * provider's own markup (action URL and xsrf token); the button (or the script, when the hint is good) adds logout=yes.
 */
export function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  ctx.type = 'html';
  if (hintNamesSessionAccount(ctx)) {
    ctx.body = page(
      'Logging out',
      `<h1>Logging out…</h1>
${form}
<input type="hidden" form="op.logoutForm" name="logout" value="yes">
<noscript><button type="submit" form="op.logoutForm">Continue</button></noscript>
<script>document.getElementById('op.logoutForm').submit()</script>`,
    );
    return;
  }
  ctx.body = page(
    'Logging out',
    `<h1>Do you want to log out?</h1>
<p>This ends your session with the Local Platform in this browser.</p>
${form}
<button autofocus type="submit" form="op.logoutForm" name="logout" value="yes">Log out</button>`,
  );
}

export function postLogoutSuccessSource(ctx: KoaContextWithOIDC): void {
  ctx.type = 'html';
  ctx.body = page('Signed out', '<h1>Signed out</h1><p>You have been signed out of the Local Platform.</p>');
}

export function renderError(ctx: KoaContextWithOIDC, out: ErrorOut): void {
  ctx.type = 'html';
  const rows = Object.entries(out)
    .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(value)}</p>`)
    .join('\n');
  ctx.body = page('Sign-in error', `<h1>Something went wrong</h1>\n<div role="alert">${rows}</div>`);
}
