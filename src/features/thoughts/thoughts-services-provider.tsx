import type { ReactNode } from 'react';
import { ThoughtViewProvider } from './thought-view-store';
import type { ThoughtsServices } from './thoughts-services';
import { ToolWaitProvider } from './tool-wait';

/** Gives every thought tree the person's view of it (what is open, what is hidden) and the tool waits counted. */
export function ThoughtsServicesProvider({ services, children }: { services: ThoughtsServices; children: ReactNode }) {
  return (
    <ThoughtViewProvider value={services.view}>
      <ToolWaitProvider value={services.toolWait}>{children}</ToolWaitProvider>
    </ThoughtViewProvider>
  );
}
