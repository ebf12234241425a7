// The side-by-side screen's chunk starts here (Ask two, Replay on…): the chat's own code is shared with its chunk, and
// the chat screen does not pay for this page.
import { SideBySidePage } from '@/features/chat/side-by-side/side-by-side-page';
import type { SideBySideSearch } from '@/domain/conversations/side-by-side';
import { useConsoleServices } from '@/app/console-services-provider';

export function SideBySideScreen({ search }: { search: SideBySideSearch }) {
  const { config } = useConsoleServices();
  return <SideBySidePage fallbacks={config.fallbacks} maxUploadBytes={config.maxUploadBytes} search={search} />;
}
