import { useMemo } from 'react';
import { conversationUsageText, coverageText, totalUsage, usageOf } from '@/domain/answer/usage';
import { visiblePath } from '@/domain/conversations/versions';
import { isTurnActive } from '@/features/chat/runtime/turn';
import { useChat } from '@/features/chat/runtime/use-chat';

/**
 * The conversation's usage so far, under its last answer: the answers shown (one version each), summed over what the
 * server reported, in words ("This chat so far: 3 answers · 1,234 tokens · $0.0021 · 12 s of answering"), the other
 * versions said as not counted. It wraps rather than being cut. Nothing shows until something was reported; a figure
 * over fewer answers says so in its tooltip.
 */
export function ConversationUsage({ conversationId }: { conversationId: string }) {
  const turns = useChat((state) => state.turns[conversationId]);
  const selection = useChat((state) => state.conversations[conversationId]?.selection);
  const { text, tooltip } = useMemo(() => {
    const finished = (turns ?? []).filter((turn) => !isTurnActive(turn));
    const shown = new Set(visiblePath(turns ?? [], selection ?? {}).map((turn) => turn.id));
    const total = totalUsage(finished.filter((turn) => shown.has(turn.id)).map((turn) => usageOf(turn.answer)));
    const others = finished.filter((turn) => !shown.has(turn.id)).length;
    return { text: conversationUsageText(total, others), tooltip: coverageText(total) };
  }, [turns, selection]);
  if (!text) return null;
  return (
    <p className="chat-usage muted small" title={tooltip || undefined}>
      {text}
    </p>
  );
}
