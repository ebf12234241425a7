import { Button as AriaButton, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { Switch } from '@/ui/switch';
import { policyLabel } from '@/domain/approval/tool-policy';
import { ToolPolicyPicker } from '@/features/chat/toolbar/tool-policy-picker';
import { useChatToolPolicy } from '@/features/chat/toolbar/use-chat-tool-policy';
import { toolsOff, useToolSwitches, type ToolSwitches as Switches } from './tool-switches-store';
import '@/ui/controls.css';

/**
 * The chat's tool switches, sent with each new question only when on (`enable_web_search`,
 * `enable_code_interpreter`); servers without the tool ignore them. Remembered per conversation.
 */
export function ToolSwitches({ conversationId }: { conversationId: string }) {
  const switches = useToolSwitches((state) => state.byConversation[conversationId] ?? toolsOff);
  const switched = useToolSwitches((state) => state.switched);
  const change = (next: Partial<Switches>) => switched(conversationId, { ...switches, ...next });
  return (
    <>
      <ToolPolicyPicker conversationId={conversationId} />
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
    </>
  );
}

/** In the bar: a chip that says which tools are on and opens the switches, so the bar stays one line. */
export function ToolsChip({ conversationId }: { conversationId: string }) {
  const switches = useToolSwitches((state) => state.byConversation[conversationId] ?? toolsOff);
  const policy = useChatToolPolicy(conversationId);
  const on = [switches.webSearch ? 'web' : '', switches.codeInterpreter ? 'code' : ''].filter(Boolean);
  // The chat's tool-call policy is said on the chip when it is not Auto: agents will stop to ask.
  const asks = policy.kind === 'set' && policy.policy !== 'auto_approve' ? policyLabel[policy.policy].name : null;
  return (
    <DialogTrigger>
      <AriaButton className={`control control-chip tools-chip${asks ? ' tools-chip-asks' : ''}`}>
        <span className="control-label">Tools</span>
        <span className="control-value">
          {on.length ? on.join(' + ') : 'off'}
          {asks ? ` · ${asks}` : ''}
        </span>
        <span className="control-caret" aria-hidden="true">
          ▾
        </span>
      </AriaButton>
      <Popover className="menu-popover tools-popover" placement="bottom end">
        <Dialog aria-label="Chat tools" className="tools-popover-body">
          <ToolSwitches conversationId={conversationId} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
