// Pages the provider renders itself: logout (auto-submitted), post-logout success, and errors.
import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml, page } from '../html';

export function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  // `form` is the provider's own markup (action URL and xsrf token). We add logout=yes and submit it at once,
  // so RP-initiated logout needs no extra click; without JavaScript the button does the same.
  const withLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  ctx.type = 'html';
  ctx.body = page(
    'Signing out',
    `<h1>Signing out…</h1>
${withLogout}
<p>You are being signed out of the Local Platform.</p>
<button autofocus type="submit" form="op.logoutForm">Sign out</button>
<script>document.getElementById('op.logoutForm').submit()</script>`,
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
