import { useEffect, useState } from 'react';
import { Button as AriaButton, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { Button } from '@/ui/button';
import { ChatSettings } from './chat-settings';
import { useChatToolPolicy } from './use-chat-tool-policy';
import { useSelectionStore } from './selection-store';

interface ChatSettingsSheetProps {
  fallbacks: RuntimeConfig['fallbacks'];
  headerProblems: readonly string[];
  conversationId: string;
}

/**
 * On a narrow screen the bar keeps the assistant and this button; model, stream and headers open in a bottom sheet
 * (a modal dialog: Esc or a tap outside closes it, and focus goes back to the button). With Auto approval the button
 * says so: the riskiest policy is not hidden in the sheet.
 */
export function ChatSettingsSheet({ fallbacks, headerProblems, conversationId }: ChatSettingsSheetProps) {
  const policy = useChatToolPolicy(conversationId);
  const auto = policy.kind === 'set' && policy.policy === 'auto_approve';
  // Asked to choose another model (the project does not allow one): the sheet opens, and its model list with it.
  const modelAsked = useSelectionStore((state) => state.modelPickerRequests > state.modelPickerHandled);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (modelAsked) setOpen(true);
  }, [modelAsked]);
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <AriaButton
        className={`control chat-settings-button${headerProblems.length ? ' control-invalid' : ''}${auto ? ' chat-settings-auto' : ''}`}
        aria-label={auto ? 'Chat settings (Approval: Auto, tool calls run without asking)' : 'Chat settings'}
        {...(auto ? { title: 'Approval: Auto, tool calls run without asking' } : {})}
      >
        <span aria-hidden="true">⚙</span>
        {/* A badge on the corner: the bar keeps its width for the assistant's name. */}
        {auto ? (
          <span className="chat-settings-warning" aria-hidden="true">
            ⚠
          </span>
        ) : null}
      </AriaButton>
      <ModalOverlay className="sheet-overlay" isDismissable>
        <Modal className="sheet">
          <Dialog className="sheet-body">
            {({ close }) => (
              <>
                <header className="sheet-header">
                  <Heading slot="title">Chat settings</Heading>
                  <Button size="small" onClick={close}>
                    Done
                  </Button>
                </header>
                <div className="sheet-controls">
                  <ChatSettings
                    fallbacks={fallbacks}
                    headerProblems={headerProblems}
                    layout="sheet"
                    conversationId={conversationId}
                  />
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
