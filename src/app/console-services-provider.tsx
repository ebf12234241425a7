import { createContext, useContext, type ReactNode } from 'react';
import { ChatServicesProvider } from '@/features/chat';
import { HeadersServicesProvider } from '@/features/headers';
import { InspectedClientProvider } from '@/features/inspector';
import { SettingsServicesProvider } from '@/features/settings';
import { ThoughtsServicesProvider } from '@/features/thoughts';
import { WorkflowsServicesProvider } from '@/features/workflows';
import type { ConsoleServices } from './console-services';

const AppServices = createContext<ConsoleServices | null>(null);

/** Hands each feature its own part of the person's services; the app's own screens (the shell) read the whole. */
export function ConsoleServicesProvider({ services, children }: { services: ConsoleServices; children: ReactNode }) {
  return (
    <AppServices.Provider value={services}>
      <SettingsServicesProvider services={services.settings}>
        <HeadersServicesProvider services={services.headers}>
          <ThoughtsServicesProvider services={services.thoughts}>
            <ChatServicesProvider services={services.chat}>
              <WorkflowsServicesProvider services={services.workflows}>
                <InspectedClientProvider value={services.client}>{children}</InspectedClientProvider>
              </WorkflowsServicesProvider>
            </ChatServicesProvider>
          </ThoughtsServicesProvider>
        </HeadersServicesProvider>
      </SettingsServicesProvider>
    </AppServices.Provider>
  );
}

/** The signed-in person's services, for the app's shell; features read their own part through their own hooks. */
export function useConsoleServices(): ConsoleServices {
  const services = useContext(AppServices);
  if (!services) throw new Error('This screen needs the signed-in console services above it');
  return services;
}
