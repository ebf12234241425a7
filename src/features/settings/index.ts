export { createLocalDataStore, useClearingLocalData, type LocalDataState } from './local-data/local-data-store';
export { type Preferences } from './preferences-store';
export { createSettingsServices, type SettingsServices } from './settings-services';
export { SettingsServicesProvider } from './settings-services-provider';
export { StorageBanner } from './storage-banner';
export { ThemeToggle } from './theme-toggle';
