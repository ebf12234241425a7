export { useClearingLocalData } from './local-data-store';
export { usePreferencesSync } from './preferences-persistence';
export { requestIdsWanted, type Preferences } from './preferences-store';
export { SettingsPage } from './settings-page';
export { StorageBanner, type FreedSpaceReport } from './storage-banner';
export { ThemeToggle } from './theme-toggle';
