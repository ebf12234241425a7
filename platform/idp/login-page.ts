// The accessible HTML sign-in page of the local identity provider.
import { escapeHtml, page } from '../html';
import { accounts } from './accounts';

export interface LoginPageInput {
  action: string;
  username?: string;
  error?: string;
  clientName?: string;
}

export function renderLoginPage(input: LoginPageInput): string {
  const alert = input.error ? `<p role="alert">${escapeHtml(input.error)}</p>` : '';
  const client = input.clientName ? `<p>to continue to ${escapeHtml(input.clientName)}</p>` : '';
  const demo = accounts
    .map(
      (account) =>
        `<li><code>${escapeHtml(account.username)}</code> / <code>${escapeHtml(account.password)}</code> (${escapeHtml(account.name)})</li>`,
    )
    .join('');
  return page(
    'Sign in to Local Platform',
    `<h1>Sign in to Local Platform</h1>
${client}
${alert}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(input.username ?? '')}"${input.username ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${input.username ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<div class="note">
<p>Demo accounts of this local platform (local development only):</p>
<ul>${demo}</ul>
</div>`,
  );
}
