import type { ReactNode } from 'react';
import { plainPreview } from '@/domain/answer/plain-preview';
import { canonicalStatus, isTerminal, statusTone } from '@/domain/workflows/run/execution-status';
import type { TimelineEntry as Entry } from '@/domain/workflows/run/run-timeline';
import { AnswerMarkdown } from '@/ui/markdown/markdown';
import { seconds, time } from '@/features/workflows/model/run-facts';
import { RunStatus } from './run-status';
import { StateOutputView } from './state-output-view';
import './run-status.css';

interface TimelineEntryProps {
  entry: Entry;
  output: string | undefined;
  outputLoading: boolean;
  /** Its output is the run's result, shown once below the timeline. */
  isResult: boolean;
  /** A person replaced this state's output before continuing the run. */
  outputEdited?: boolean;
  /** The streamed text, while this is the state running. */
  liveText: string | undefined;
  /** The state's own thought tree, offered on request. */
  thoughts?: ReactNode;
}

/** One state on the run's timeline: marker, name, status, timing, then its output folded away (open when it failed). */
export function TimelineEntry({
  entry,
  output,
  outputEdited = false,
  outputLoading,
  isResult,
  liveText,
  thoughts,
}: TimelineEntryProps) {
  const pausedAfter = !entry.waiting && canonicalStatus(entry.status) === 'Interrupted';
  const tone = entry.waiting ? 'waiting' : pausedAfter ? 'neutral' : statusTone(entry.status);
  const failed = canonicalStatus(entry.status) === 'Failed';
  return (
    <li
      className={`timeline-entry timeline-${tone}`}
      aria-label={`State ${entry.name}`}
      // Reached from the run's timeline (Enter on a state's bar): focusable by script, not a Tab stop.
      tabIndex={-1}
      data-state-key={entry.key}
    >
      <span className="timeline-marker" aria-hidden="true" />
      <div className="row timeline-head">
        <strong>{entry.name}</strong>
        {entry.waiting ? (
          <span className="run-status run-status-waiting" data-status={entry.status}>
            Waiting for you
          </span>
        ) : pausedAfter ? (
          // The state the run paused after (real servers mark it Interrupted; it keeps its output): it is done.
          <span className="run-status run-status-neutral" data-status={entry.status}>
            Paused after this
          </span>
        ) : (
          <RunStatus status={entry.status} />
        )}
        <Timing entry={entry} />
      </div>
      {entry.waiting ? (
        <p className="small timeline-note">The run is paused here for a person. It goes on when it is resumed.</p>
      ) : null}
      {liveText ? <LiveText text={liveText} /> : null}
      <EntryOutput
        output={output}
        edited={outputEdited}
        loading={outputLoading && isTerminal(entry.status)}
        isResult={isResult}
        open={failed}
      />
      {thoughts}
    </li>
  );
}

function Timing({ entry }: { entry: Entry }) {
  if (!entry.startedAt) return null;
  const took = seconds(entry.startedAt, entry.completedAt);
  return (
    <span className="muted small state-timing">
      {entry.completedAt ? `${time(entry.startedAt)} → ${time(entry.completedAt)}` : `since ${time(entry.startedAt)}`}
      {took ? ` · ${took}` : ''}
    </span>
  );
}

function EntryOutput({
  output,
  edited,
  loading,
  isResult,
  open,
}: {
  output: string | undefined;
  edited: boolean;
  loading: boolean;
  isResult: boolean;
  open: boolean;
}) {
  if (isResult) return <p className="muted small timeline-note">Its output is the run’s result, below.</p>;
  if (output === undefined) return loading ? <p className="muted small timeline-note">Loading output…</p> : null;
  const preview = plainPreview(output, 90);
  return (
    <details className="timeline-output" open={open}>
      <summary>
        Output
        {edited ? <span className="edited-badge"> · edited by you</span> : null}
        {preview ? <span className="muted"> · {preview}</span> : null}
      </summary>
      <StateOutputView output={output} />
    </details>
  );
}

/** Streamed text in a bounded box, scrolled by the keyboard too: the growing end stays in view (column-reverse pins it). */
export function LiveText({ text }: { text: string }) {
  return (
    <div className="answer-text answer-growing timeline-live-text" role="group" aria-label="Streamed text" tabIndex={0}>
      <div>
        <AnswerMarkdown text={text} streaming />
      </div>
    </div>
  );
}
