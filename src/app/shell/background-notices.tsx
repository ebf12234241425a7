import { useEffect } from 'react';
import { canonicalStatus, isTerminal } from '@/domain/workflows/run/execution-status';
import { useConsoleServices } from '@/lib/services-context';

const turnEnding: Record<string, string> = {
  completed: 'answered',
  failed: 'could not answer',
  stopped: 'was stopped',
  interrupted: 'was interrupted',
};

/**
 * Opt-in (Settings): while the tab is hidden, one browser notification when an answer or a run ends, or when something
 * starts waiting for the person. Driven by what the network brings (stream ends, follow-up reads), not by timers
 * of its own, so a throttled background tab still tells in time; nothing while the tab is visible.
 */
export function BackgroundNotices() {
  const services = useConsoleServices();
  useEffect(() => {
    const told = new Set<string>();
    const notify = (key: string, title: string, body: string) => {
      if (told.has(key)) return;
      if (!services.settings.preferences.getState().notifyWhenHidden) return;
      if (window.document.visibilityState !== 'hidden') return;
      if (typeof Notification !== 'function' || Notification.permission !== 'granted') return;
      told.add(key);
      new Notification(title, { body, tag: key });
    };
    const chat = services.chat.store.subscribe((next, previous) => {
      for (const [turnId, live] of Object.entries(previous.live)) {
        if (next.live[turnId]) continue;
        const turn = next.turns[live.conversationId]?.find((known) => known.id === turnId) ?? live.turn;
        const where = next.conversations[live.conversationId]?.title ?? 'A conversation';
        const key = `turn:${turnId}:${turn.status}:${turn.endedAt ?? ''}`;
        if (turn.status === 'waiting')
          notify(
            key,
            'Waiting for you',
            turn.answer.pausedToolCall
              ? `${where}: ${turn.assistantName} wants to run ${turn.answer.pausedToolCall.toolName}`
              : `${where}: ${turn.assistantName} asks you to fill in a form`,
          );
        else if (turnEnding[turn.status]) notify(key, `${turn.assistantName} ${turnEnding[turn.status]}`, where);
      }
    });
    const runs = services.workflows.runs.subscribe((next, previous) => {
      const before = new Map(previous.runs.map((run) => [run.id, run.status]));
      for (const run of next.runs) {
        const was = before.get(run.id);
        if (was === undefined || was === run.status) continue;
        const status = canonicalStatus(run.status);
        const key = `run:${run.id}:${status}`;
        if (status === 'Interrupted') notify(key, 'Waiting for you', `${run.workflowName}: the run waits for approval`);
        else if (isTerminal(run.status)) notify(key, `Run ${(status ?? run.status).toLowerCase()}`, run.workflowName);
      }
    });
    return () => {
      chat();
      runs();
    };
  }, [services]);
  return null;
}
