import { useRef } from 'react';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { useNarrowerThan } from '@/ui/hooks/use-narrower-than';
import { AssistantPicker } from './assistant-picker';
import { ChatSettings } from './chat-settings';
import { ChatSettingsSheet } from './chat-settings-sheet';
import { ConversationUsage } from './conversation-usage';
import './chat-toolbar.css';

/** Below this width the whole bar no longer fits on one line: the settings fold into a sheet. */
const foldBelow = 680;

/** Who answers and how: assistant, model, stream on/off, the header profile. One line at any width. */
export function ChatToolbar({
  fallbacks,
  headerProblems,
  conversationId,
}: {
  fallbacks: RuntimeConfig['fallbacks'];
  headerProblems: readonly string[];
  /** Whose model override and tool switches the bar shows (a new chat's id-to-be). */
  conversationId: string;
}) {
  const bar = useRef<HTMLElement>(null);
  const folded = useNarrowerThan(bar, foldBelow);
  return (
    <header ref={bar} className={`chat-toolbar${folded ? ' chat-toolbar-folded' : ''}`}>
      <AssistantPicker fallback={fallbacks.assistants} conversationId={conversationId} />
      {folded ? (
        <ChatSettingsSheet fallbacks={fallbacks} headerProblems={headerProblems} conversationId={conversationId} />
      ) : (
        <ChatSettings
          fallbacks={fallbacks}
          headerProblems={headerProblems}
          layout="bar"
          conversationId={conversationId}
        />
      )}
      <ConversationUsage conversationId={conversationId} />
    </header>
  );
}
