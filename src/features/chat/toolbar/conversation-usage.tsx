import { useMemo } from 'react';
import { coverageText, totalUsage, usageOf, usageText } from '@/domain/answer/usage';
import { isTurnActive } from '@/features/chat/runtime/turn';
import { useChat } from '@/features/chat/runtime/use-chat';

/**
 * The conversation's usage so far: every answer asked for in it (all versions: each was a call), summed over what the
 * server reported. Nothing shows until something was reported; a total over fewer answers says so in its tooltip.
 */
export function ConversationUsage({ conversationId }: { conversationId: string }) {
  const turns = useChat((state) => state.turns[conversationId]);
  const total = useMemo(
    () => totalUsage((turns ?? []).filter((turn) => !isTurnActive(turn)).map((turn) => usageOf(turn.answer))),
    [turns],
  );
  const text = usageText(total);
  if (!text) return null;
  const tooltip = coverageText(total);
  return (
    <p className="chat-usage muted mono" title={tooltip || undefined}>
      This chat: {text}
    </p>
  );
}
