export { createLocalDataStore, useClearingLocalData, type LocalDataState } from './local-data-store';
export { type Preferences } from './preferences-store';
export { createSettingsServices } from './settings-services';
export { SettingsPage } from './settings-page';
export { StorageBanner } from './storage-banner';
export { ThemeToggle } from './theme-toggle';
