import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useStorageHealth } from '@/lib/storage/storage-health';
import { megabytes } from '@/lib/storage/storage-quota';
import './settings.css';
import { failureMessage } from '@/domain/errors/describe-failure';

/** What "Free space" removed; the chat feature does the work (the app hands it in). */
export interface FreedSpaceReport {
  conversations: number;
  turns: number;
  bytes: number;
  failed: number;
}

type Step =
  | { name: 'shown' }
  | { name: 'confirming' }
  | { name: 'freeing' }
  | { name: 'freed'; report: FreedSpaceReport }
  | { name: 'failed'; detail: string };

const keepNewest = 3;

function freedWords({ conversations, turns, bytes, failed }: FreedSpaceReport): string {
  const rest = failed ? ` ${failed} could not be rewritten.` : '';
  if (turns === 0)
    return `Nothing left to drop in older conversations.${rest} Export and delete conversations, or clear local data in Settings.`;
  return `Dropped the thought trees of ${turns} answer${turns === 1 ? '' : 's'} in ${conversations} older conversation${conversations === 1 ? '' : 's'} (about ${megabytes(bytes)}).${rest} Your next change is saved again.`;
}

const titles = {
  quota: 'Storage is full: the last change was not saved on this device.',
  limit: 'Too big to keep in this browser: it stays on this page only.',
  unavailable: 'This browser keeps nothing for the console here: it works in memory until this tab closes.',
  failed: 'The last change could not be saved on this device.',
} as const;

/** A write to this device's storage failed: said once, over every screen, with the way out. */
export function StorageBanner({ onFreeSpace }: { onFreeSpace(keepNewest: number): Promise<FreedSpaceReport> }) {
  const problem = useStorageHealth((state) => state.problem);
  const dismissed = useStorageHealth((state) => state.dismissed);
  const [step, setStep] = useState<Step>({ name: 'shown' });
  if (!problem) return null;
  const dismiss = () => {
    dismissed();
    setStep({ name: 'shown' });
  };
  const free = async () => {
    setStep({ name: 'freeing' });
    try {
      setStep({ name: 'freed', report: await onFreeSpace(keepNewest) });
    } catch (error) {
      setStep({ name: 'failed', detail: failureMessage(error) });
    }
  };
  const quota = problem.kind === 'quota';
  return (
    <div className="storage-banner alert alert-error" role="alert">
      <p className="storage-banner-title">{titles[problem.kind]}</p>
      {problem.kind === 'limit' || problem.kind === 'unavailable' ? (
        <p className="small">{problem.message}</p>
      ) : (
        <p className="small">
          Not saved: {problem.what}
          {problem.count > 1 ? ` (and ${problem.count - 1} more)` : ''}. It stays on screen until this tab closes.{' '}
          {quota ? null : <span className="mono">{problem.detail}</span>}
        </p>
      )}
      {step.name === 'confirming' ? (
        <p className="small">
          Free space drops the thought trees and tool outputs of all but your {keepNewest} newest conversations;
          questions and answers stay. Export the conversations you want whole first.
        </p>
      ) : null}
      {step.name === 'freed' ? (
        <p role="status" className="small">
          {freedWords(step.report)}
        </p>
      ) : null}
      {step.name === 'failed' ? <p className="small">Space could not be freed ({step.detail}).</p> : null}
      <div className="row">
        {quota && step.name === 'shown' ? (
          <button type="button" className="button button-small" onClick={() => setStep({ name: 'confirming' })}>
            Free space…
          </button>
        ) : null}
        {step.name === 'confirming' || step.name === 'freeing' ? (
          <button
            type="button"
            className="button button-small button-danger"
            disabled={step.name === 'freeing'}
            onClick={() => void free()}
          >
            {step.name === 'freeing' ? 'Freeing space…' : 'Drop older thought trees'}
          </button>
        ) : null}
        <Link to="/chat" className="button button-small">
          Export conversations
        </Link>
        <Link to="/settings" className="button button-small">
          Storage settings
        </Link>
        <button type="button" className="button button-small" onClick={dismiss}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
