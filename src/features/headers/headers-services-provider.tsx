import type { ReactNode } from 'react';
import { ClosedPanelsProvider } from './proof/closed-panels-store';
import type { HeadersServices } from './headers-services';
import { ProfilesProvider } from './profiles/profiles-store';

/** Gives the header screens the person's header profiles and the header proofs they closed. */
export function HeadersServicesProvider({ services, children }: { services: HeadersServices; children: ReactNode }) {
  return (
    <ProfilesProvider value={services.profiles}>
      <ClosedPanelsProvider value={services.closedPanels}>{children}</ClosedPanelsProvider>
    </ProfilesProvider>
  );
}
