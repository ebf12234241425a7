import { useRef } from 'react';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { useNarrowerThan } from '@/ui/hooks/use-narrower-than';
import { AssistantPicker } from './assistant-picker';
import { ChatSettings } from './chat-settings';
import { ChatSettingsSheet } from './chat-settings-sheet';
import './chat-toolbar.css';

/** Below this width the whole bar no longer fits on one line: the settings fold into a sheet. */
const foldBelow = 960;
/**
 * Below this width the other controls leave the assistant's name little room: its caption is only read out and "Add by
 * ID" shortens, so that a name shows whole (or as much of it as fits) and never runs under the next control.
 */
const compactBelow = 1100;

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
  const compact = useNarrowerThan(bar, compactBelow);
  const modes = `${folded ? ' chat-toolbar-folded' : ''}${compact ? ' chat-toolbar-compact' : ''}`;
  return (
    <header ref={bar} className={`chat-toolbar${modes}`}>
      <AssistantPicker fallback={fallbacks.assistants} conversationId={conversationId} compact={compact} />
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
    </header>
  );
}
