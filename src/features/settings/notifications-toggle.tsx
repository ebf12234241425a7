import { useState } from 'react';
import { usePreferencesStore } from './preferences-store';

const supported = () => typeof Notification === 'function';

/**
 * Opt-in: while this tab is hidden, the browser tells the person when an answer or a run ends, or something starts
 * waiting for them. Turning it on asks the browser's permission; a refusal is said, and the switch stays off.
 */
export function NotificationsToggle({ ready }: { ready: boolean }) {
  const on = usePreferencesStore((state) => state.notifyWhenHidden);
  const changed = usePreferencesStore((state) => state.changed);
  const [problem, setProblem] = useState<string | null>(null);
  const turn = async (wanted: boolean) => {
    setProblem(null);
    if (!wanted) return changed('notifyWhenHidden', false);
    if (!supported()) return setProblem('This browser cannot show notifications.');
    const permission =
      Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission().catch(() => 'denied');
    if (permission === 'granted') changed('notifyWhenHidden', true);
    else
      setProblem(
        'The browser did not allow notifications for this site; allow them in its site settings, then try again.',
      );
  };
  return (
    <>
      <label className="toggle">
        <input type="checkbox" checked={on} disabled={!ready} onChange={(event) => void turn(event.target.checked)} />
        Tell me when it waits or ends
      </label>
      <p className="muted small settings-hint">
        While this tab is in the background, a notification says when an answer or a workflow run ends, or when
        something starts waiting for you. The tab’s title always shows how many things wait.
      </p>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
