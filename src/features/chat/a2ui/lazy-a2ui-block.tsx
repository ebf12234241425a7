import { moduleLoader } from '@/ui/module-loader';
import type { Turn } from '@/features/chat/runtime/turn';

// The form renderer (A2UI: its components, validation and functions) loads with the first answer that asks with a
// form, not with the chat: most chats never show one.
const renderer = moduleLoader(() => import('./a2ui-block'));

/** Starts loading the form renderer; resolves once it loaded or failed. */
export const preloadA2uiRenderer = (): Promise<unknown> => renderer.preload();

/** The forms an agent asked with in this turn (a2ui-block.tsx), once the renderer is there. */
export function LazyA2uiBlock(props: { turn: Turn; conversationId: string }) {
  const loaded = renderer.useModule();
  // A renderer that cannot load is said by the error boundary around the form, as a form that cannot render is.
  if (loaded.status === 'failed')
    throw loaded.error instanceof Error ? loaded.error : new Error('the form could not be loaded');
  if (loaded.status === 'loading') return null;
  const { A2uiBlock } = loaded.module;
  return <A2uiBlock {...props} />;
}
