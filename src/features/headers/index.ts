export { HeaderSwitcher } from './switcher/header-switcher';
export { HeaderProofPanel } from './proof/header-proof-panel';
export { createHeaderProvider } from './header-provider';
export { createHeadersServices } from './headers-services';
export { useHeaderDecision, useHeaderProblems } from './use-header-problems';
export { HeadersBlockedNotice } from './headers-blocked-notice';
export { SuggestedProfile } from './suggested-profile';
export { useSecretsForCopy } from './use-secrets-for-copy';
