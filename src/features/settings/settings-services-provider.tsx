import type { ReactNode } from 'react';
import { servicesContext } from '@/lib/services-context';
import { LocalDataProvider } from './local-data/local-data-store';
import { PreferencesProvider } from './preferences-store';
import type { SettingsServices } from './settings-services';

const settings = servicesContext<SettingsServices>("the person's settings");

export const useSettingsServices = settings.use;

/** Gives the settings' screens the person's settings: their preferences, Clear local data and the client. */
export function SettingsServicesProvider({ services, children }: { services: SettingsServices; children: ReactNode }) {
  return (
    <settings.Provider value={services}>
      <PreferencesProvider value={services.preferences}>
        <LocalDataProvider value={services.localData}>{children}</LocalDataProvider>
      </PreferencesProvider>
    </settings.Provider>
  );
}
