import type { ReactNode } from 'react';
import { ProofPanelsProvider } from './proof/proof-panels-store';
import type { HeadersServices } from './headers-services';
import { ProfilesProvider } from './profiles/profiles-store';

/** Gives the header screens the person's header profiles and the header proofs they opened or closed. */
export function HeadersServicesProvider({ services, children }: { services: HeadersServices; children: ReactNode }) {
  return (
    <ProfilesProvider value={services.profiles}>
      <ProofPanelsProvider value={services.proofPanels}>{children}</ProofPanelsProvider>
    </ProfilesProvider>
  );
}
