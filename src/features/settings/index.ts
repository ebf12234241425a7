export { createLocalDataStore, useClearingLocalData, type LocalDataState } from './local-data-store';
export { type Preferences } from './preferences-store';
export { createSettingsServices, type SettingsServices } from './settings-services';
export { StorageBanner, type FreedSpaceReport } from './storage-banner';
export { ThemeToggle } from './theme-toggle';
