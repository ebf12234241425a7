import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { LocalDataCounts } from '@/lib/storage/storage-local-data';
import { describeFailure } from '@/domain/errors/describe-failure';
import { useSettingsServices } from '@/features/settings/settings-services-provider';
import { useLocalDataStore } from './local-data-store';

const plural = (count: number, word: string, many = `${word}s`) => `${count} ${count === 1 ? word : many}`;

/**
 * What goes (or went) from this browser, in words: "3 conversations kept only in this browser, 1 draft, …". A
 * conversation the server keeps too is not counted as gone: the server's list brings it back (see `serverKeeps`).
 */
export function describeCounts(counts: LocalDataCounts): string[] {
  const localOnly = counts.conversations - counts.conversationsOnServer;
  return [
    `${plural(localOnly, 'conversation')} kept only in this browser`,
    plural(counts.drafts, 'unsent draft'),
    plural(counts.runs, 'workflow run record', 'workflow run records'),
    plural(counts.batches, 'batch', 'batches'),
    plural(counts.headerProfiles, 'header profile'),
    plural(counts.preferences, 'saved preference'),
    'the launcher and batch drafts, assistant picks, tool switches and text typed for paused runs',
  ];
}

/** What the server keeps whatever is cleared here, in words; null when it keeps none of the person's conversations. */
export function serverKeeps(counts: LocalDataCounts): string | null {
  if (counts.conversationsOnServer === 0) return null;
  return `The server keeps ${plural(counts.conversationsOnServer, 'conversation')}: only this browser’s copy goes, and they come back from the server’s list. Delete them in the Chat list to remove them there. Workflow executions stay on the server too (Runs › On the server).`;
}

/** "Clear local data": names what will go, offers the exports first, then really clears and says what went. */
export function ClearDataSection({ userName }: { userName: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [counts, setCounts] = useState<LocalDataCounts | null>(null);
  // "Sign out and remove my data": the same dialog, whose last step also signs out.
  const [andSignOut, setAndSignOut] = useState(false);
  const settings = useSettingsServices();
  const phase = useLocalDataStore((state) => state.phase);
  const removed = useLocalDataStore((state) => state.removed);
  const error = useLocalDataStore((state) => state.error);
  const origin = useLocalDataStore((state) => state.origin);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!counts) return;
    dialog.current?.showModal();
    // A destructive question opens on its safe answer: showModal alone would focus the first link (an export).
    cancel.current?.focus();
  }, [counts]);

  // Counting reads the browser's database: when that fails, nothing is offered for removal, and the reason shows.
  const [countFailure, setCountFailure] = useState<string | null>(null);
  const open = async (signOut: boolean) => {
    setAndSignOut(signOut);
    setCountFailure(null);
    try {
      setCounts(await settings.countLocalData());
    } catch (error) {
      setCountFailure(describeFailure(error));
    }
  };
  const close = () => {
    dialog.current?.close();
    setCounts(null);
  };

  return (
    <section className="settings-section" aria-labelledby="settings-clear">
      <h2 id="settings-clear">Local data</h2>
      <p className="muted small">
        Drafts, workflow run records and batches, header profiles and preferences are kept in this browser only, for
        each person who signs in here; conversations too, unless the server keeps them. Nothing on the server changes
        when local data is cleared.
      </p>
      <p className="muted small">
        Sign out leaves them here for your return (drafts and picks excepted: they go with it). On a shared browser,
        remove them as you leave.
      </p>
      <div className="row">
        <button type="button" className="button button-danger" onClick={() => void open(false)}>
          Clear local data…
        </button>
        <button type="button" className="button button-danger" onClick={() => void open(true)}>
          Sign out and remove my data from this browser…
        </button>
      </div>
      {phase === 'cleared' && removed ? (
        <p role="status" className="settings-result">
          {origin === 'other-tab'
            ? 'Local data was cleared in another tab: nothing of yours is kept in this browser now.'
            : `Local data cleared: ${describeCounts(removed).join(', ')} removed from this browser.`}
        </p>
      ) : null}
      {countFailure ? (
        <p role="alert" className="field-error">
          What this browser keeps could not be read ({countFailure}), so nothing was removed. Reload the page and try
          again.
        </p>
      ) : null}
      {phase === 'failed' ? (
        <p role="alert" className="field-error">
          Local data could not be cleared ({error}). Nothing was removed.
        </p>
      ) : null}
      <dialog
        ref={dialog}
        className="settings-dialog"
        aria-labelledby="clear-data-title"
        onClose={() => setCounts(null)}
      >
        {counts ? (
          <>
            <h2 id="clear-data-title">
              {andSignOut ? `Remove the data of ${userName} and sign out?` : `Clear local data of ${userName}?`}
            </h2>
            <p>This removes from this browser:</p>
            <ul>
              {describeCounts(counts).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {serverKeeps(counts) ? <p className="muted">{serverKeeps(counts)}</p> : null}
            <p>It cannot be undone. Export what you want to keep first:</p>
            <ul>
              <li>
                <Link to="/chat" onClick={close}>
                  Conversations
                </Link>{' '}
                <span className="muted small">(Export in each conversation’s menu in the Chat list)</span>
              </li>
              <li>
                <Link to="/workflows/runs" onClick={close}>
                  Workflow runs
                </Link>{' '}
                <span className="muted small">(Export JSON or CSV on the runs page)</span>
              </li>
            </ul>
            <div className="row settings-dialog-actions">
              <button ref={cancel} type="button" className="button" onClick={close}>
                Cancel
              </button>
              <button
                type="button"
                className="button button-danger"
                onClick={() => {
                  close();
                  if (andSignOut) settings.removeMyDataAndSignOut();
                  else settings.clearLocalData();
                }}
              >
                {andSignOut ? 'Remove my data and sign out' : 'Clear local data'}
              </button>
            </div>
          </>
        ) : null}
      </dialog>
    </section>
  );
}
