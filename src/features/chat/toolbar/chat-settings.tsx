import { Link } from '@tanstack/react-router';
import { HeaderSwitcher } from '@/features/headers';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { Switch } from '@/ui/switch';
import { ModelPicker } from './model-picker';
import { useSelectionStore } from './selection-store';
import { ToolSwitches, ToolsChip } from '@/features/chat/tools/tool-switches';
import { ToolPolicyPicker } from './tool-policy-picker';

interface ChatSettingsProps {
  fallbacks: RuntimeConfig['fallbacks'];
  headerProblems: readonly string[];
  /** "bar": side by side, the header profile as a chip; "sheet": stacked, every header control in view. */
  layout: 'bar' | 'sheet';
  /** The conversation the model override and tool switches belong to (a new chat's id-to-be). */
  conversationId: string;
}

/** How the chat asks, besides whom: model, stream on/off, extra tools, tool approval, the header profile and forwarding. */
export function ChatSettings({ fallbacks, headerProblems, layout, conversationId }: ChatSettingsProps) {
  const streamAnswers = useSelectionStore((state) => state.streamAnswers);
  const streamModeChanged = useSelectionStore((state) => state.streamModeChanged);
  return (
    <>
      <ModelPicker fallback={fallbacks.models} conversationId={conversationId} />
      <Switch
        label="Stream"
        checked={streamAnswers}
        title="On: the answer appears as it is written. Off: it comes whole, in one response."
        onChange={(on) => streamModeChanged(on)}
      />
      {layout === 'bar' ? (
        <ToolsChip conversationId={conversationId} />
      ) : (
        <ToolSwitches conversationId={conversationId} />
      )}
      <ToolPolicyPicker conversationId={conversationId} />
      <HeaderSwitcher problems={headerProblems} variant={layout === 'bar' ? 'chip' : 'inline'} />
      {/* The bar has no room for it (the assistant's name has the room): a new chat offers it, and the sheet. */}
      {layout === 'sheet' ? (
        <Link
          to="/chat/side-by-side"
          className="ask-two-link"
          title="Ask this assistant and another the same question, their answers side by side"
        >
          Ask two
        </Link>
      ) : null}
    </>
  );
}
