import { Button as AriaButton, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { Switch } from '@/ui/switch';
import { StandingAllowances } from './standing-allowances';
import { useChat } from '@/features/chat/runtime/use-chat';
import { toolsOff, useToolSwitches, type ToolSwitches as Switches } from './tool-switches-store';
import '@/ui/controls.css';

/**
 * The chat's extra tools, besides the assistant's own: switches sent with each new question only when on
 * (`enable_web_search`, `enable_code_interpreter`); servers without the tool ignore them. Remembered per conversation.
 * Whether tool calls ask first is another control (the approval policy).
 */
export function ToolSwitches({ conversationId }: { conversationId: string }) {
  const switches = useToolSwitches((state) => state.byConversation[conversationId] ?? toolsOff);
  const switched = useToolSwitches((state) => state.switched);
  const change = (next: Partial<Switches>) => switched(conversationId, { ...switches, ...next });
  return (
    <>
      <Switch
        label="Web search"
        checked={switches.webSearch}
        title="On: new questions ask the server to add its web search tools (enable_web_search), where it offers them."
        onChange={(on) => change({ webSearch: on })}
      />
      <Switch
        label="Code interpreter"
        checked={switches.codeInterpreter}
        title="On: new questions ask the server to add its code interpreter (enable_code_interpreter), where it offers one."
        onChange={(on) => change({ codeInterpreter: on })}
      />
      <StandingAllowances conversationId={conversationId} />
    </>
  );
}

/** "web search", "web + code": what the chip says is on; null when none is. */
const onWords = (switches: Switches): string | null =>
  switches.webSearch && switches.codeInterpreter
    ? 'web + code'
    : switches.webSearch
      ? 'web search'
      : switches.codeInterpreter
        ? 'code interpreter'
        : null;

/**
 * In the bar: a chip that says which extra tools are on and opens their switches, so the bar stays one line. It says
 * nothing of the assistant's own tools (they are on whatever it says) nor of approval, which has a control of its own.
 */
export function ToolsChip({ conversationId }: { conversationId: string }) {
  const switches = useToolSwitches((state) => state.byConversation[conversationId] ?? toolsOff);
  const allowed = useChat((state) => state.conversations[conversationId]?.allowedTools?.length ?? 0);
  const on = [onWords(switches), allowed > 0 ? `${allowed} allowed` : null].filter(Boolean).join(' · ') || null;
  return (
    <DialogTrigger>
      <AriaButton className="control control-chip tools-chip">
        {/* None on: the caption alone, so the bar keeps room for the assistant's name. */}
        <span className="control-label">Extra tools</span>
        {on === null ? null : <span className="control-value">{on}</span>}
        <span className="control-caret" aria-hidden="true">
          ▾
        </span>
      </AriaButton>
      <Popover className="menu-popover tools-popover" placement="bottom end">
        <Dialog aria-label="Extra tools" className="tools-popover-body">
          <ToolSwitches conversationId={conversationId} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
