export { HeadersPage } from './headers-page';
export { HeaderSwitcher } from './header-switcher';
export { HeaderProofPanel } from './header-proof-panel';
export { createHeaderProvider } from './header-provider';
export { useHeaderDecision, useHeaderProblems } from './use-header-problems';
export { useProfilesSync } from './use-profiles-sync';
export { HeadersBlockedNotice } from './headers-blocked-notice';
export { SuggestedProfile } from './suggested-profile';
