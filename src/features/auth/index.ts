export { AuthProvider, createAuth, useAuth } from './auth-provider';
export { IdentityCheckPage } from './pasted-token/identity-check-page';
export { SignInPage } from './sign-in-page';
export { useSessionStore, type SessionUser } from './session-store';
export { mayRestoreSession } from './stored-session';
