import { HeaderSwitcher } from '@/features/headers';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { AssistantPicker } from './assistant-picker';
import { ModelPicker } from './model-picker';
import { useSelectionStore } from './selection-store';

/** Who answers and how: assistant, model, stream on/off, the header profile. */
export function ChatToolbar({ fallbacks, headerProblems }: { fallbacks: RuntimeConfig['fallbacks']; headerProblems: readonly string[] }) {
  const streamAnswers = useSelectionStore((state) => state.streamAnswers);
  const streamModeChanged = useSelectionStore((state) => state.streamModeChanged);
  return (
    <header className="chat-toolbar">
      <AssistantPicker fallback={fallbacks.assistants} />
      <ModelPicker fallback={fallbacks.models} />
      <label className="toggle">
        <input type="checkbox" checked={streamAnswers} onChange={(event) => streamModeChanged(event.target.checked)} />
        Stream
      </label>
      <HeaderSwitcher problems={headerProblems} />
    </header>
  );
}
