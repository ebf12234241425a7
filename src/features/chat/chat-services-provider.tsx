import type { ReactNode } from 'react';
import { servicesContext } from '@/lib/services-context';
import type { ChatServices } from './chat-services';
import { ComposerFocusProvider } from './chat-shortcuts';
import { SelectionProvider } from './toolbar/selection-store';
import { ToolSwitchesProvider } from './tools/tool-switches-store';
import { EditorFocusProvider } from './transcript/editor-focus';

const chat = servicesContext<ChatServices>("the person's chat services");

/** The signed-in person's chat (built with their console services, dropped with them on sign-out). */
export const useChatServices = chat.use;

/** Gives the chat's screens the person's chat: its runtime and client, and each of its stores. */
export function ChatServicesProvider({ services, children }: { services: ChatServices; children: ReactNode }) {
  return (
    <chat.Provider value={services}>
      <SelectionProvider value={services.selection}>
        <ToolSwitchesProvider value={services.toolSwitches}>
          <EditorFocusProvider value={services.editorFocus}>
            <ComposerFocusProvider value={services.composerFocus}>{children}</ComposerFocusProvider>
          </EditorFocusProvider>
        </ToolSwitchesProvider>
      </SelectionProvider>
    </chat.Provider>
  );
}
