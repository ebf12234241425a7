// Pages the provider renders itself: logout confirmation, post-logout success, and errors.
import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml, page } from '../html';

/**
 * The confirmation Keycloak shows ("Do you want to log out?", one Logout button), asked on every RP-initiated logout
 * as Keycloak does with its client's logout confirmation on (and always without an id_token_hint). Nothing submits
 * it but the person: a console must not count on its answer, and the e2e suite sees the page it must not count on.
 * `form` is the provider's own markup (action URL and xsrf token); the button adds logout=yes.
 */
export function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  ctx.type = 'html';
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
