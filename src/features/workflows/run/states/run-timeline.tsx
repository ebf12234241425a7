import type { LiveEnd } from '@/domain/workflows/run/live-run';
import { runningEntry } from '@/domain/workflows/run/run-timeline';
import type { Run } from '@/features/workflows/saved-runs/run';
import { useEffect, useRef, useState } from 'react';
import { hasStateTimes } from '@/domain/timeline/state-items';
import { LayoutSwitch, StatesTimeline } from '@/features/thoughts';
import { useStatesLayout } from './use-states-layout';
import { StateThoughts } from './state-thoughts';
import { LiveText, TimelineEntry } from './timeline-entry';
import type { RunStates, RunTimelineView } from './use-run-timeline';
import './run-timeline.css';
import '@/ui/live-dot.css';

// A stream that ended as it should says nothing: the timeline and the result tell the rest.
const endText: Record<LiveEnd, string> = {
  completed: '',
  interrupted: 'The stream ended early. The run is followed through the server’s status instead.',
  stopped: 'Stream stopped.',
};

interface RunTimelineProps {
  run: Run;
  follow: RunStates;
  timeline: RunTimelineView;
  running: boolean;
}

/**
 * The run's states as one vertical timeline: the stream's news at once, the server's record as it comes, the state
 * running last with its streamed text.
 */
export function RunTimeline({ run, follow, timeline, running }: RunTimelineProps) {
  const { live, followed, entries, result } = timeline;
  const { chosen, choose, list, showState } = useStateFocus();
  if (!live && !followed) return null;
  // States without times (a server that sends none) have nothing to draw on an axis: the list alone.
  const timed = hasStateTimes(entries);
  const layout = timed ? chosen : 'tree';
  // States whose output a person replaced before continuing: their output reads as edited.
  const edited = new Set((run.resumes ?? []).flatMap((resume) => (resume.editedStateId ? [resume.editedStateId] : [])));
  const streaming = live !== undefined && live.end === undefined;
  const current = streaming ? runningEntry(entries) : undefined;
  const text = live?.answer.text ?? '';
  const resultKey = result ? entries.at(-1)?.key : undefined;
  const loading = follow.statesLoading && entries.length === 0;
  // A streamed run shows its whole tree below; a followed state's own tree is fetched when the reader asks.
  const thoughtsOf = (id: string | undefined) => {
    const state = id && run.executionId && !streaming ? follow.states.find((known) => known.id === id) : undefined;
    return state && run.executionId ? (
      <StateThoughts runId={run.id} workflowId={run.workflowId} executionId={run.executionId} state={state} />
    ) : undefined;
  };
  return (
    <section className="run-timeline" aria-labelledby="states-title" aria-busy={streaming}>
      <div className="row">
        <h2 id="states-title">States</h2>
        <span role="status" className="muted small">
          {streaming ? <span className="live-dot" aria-hidden="true" /> : null}
          {streaming ? 'Streaming…' : live?.end ? endText[live.end] : ''}
          {!live && run.streamed && running
            ? 'Started live; its stream is not followed in this tab, so its states come from the server.'
            : ''}
        </span>
      </div>
      {loading ? <p className="muted">Loading states…</p> : null}
      {!loading && entries.length === 0 ? <p className="muted">No state has started yet.</p> : null}
      {timed ? <LayoutSwitch treeWord="List" own={{ layout, onChoose: choose }} /> : null}
      {layout === 'timeline' ? (
        <StatesTimeline entries={entries} live={streaming || running} onOpen={showState} />
      ) : null}
      <ol className="timeline" ref={list} hidden={layout === 'timeline'}>
        {entries.map((entry) => (
          <TimelineEntry
            key={entry.key}
            entry={entry}
            outputEdited={entry.id !== undefined && edited.has(entry.id)}
            output={timeline.outputOf(entry)}
            outputLoading={timeline.outputLoading(entry)}
            isResult={entry.key === resultKey}
            liveText={entry === current ? text : undefined}
            thoughts={thoughtsOf(entry.id)}
          />
        ))}
      </ol>
      {streaming && !current && text ? <LiveText text={text} /> : null}
      <Continuations run={run} nameOf={(id) => follow.states.find((state) => state.id === id)?.name} />
    </section>
  );
}

/** List or timeline (the run page's own choice); Enter on a state's bar goes back to the list, to that state. */
function useStateFocus() {
  const [chosen, choose] = useStatesLayout();
  const list = useRef<HTMLOListElement>(null);
  const [pending, setPending] = useState<string | null>(null);
  useEffect(() => {
    if (pending === null || chosen !== 'tree') return;
    const item = Array.from(list.current?.querySelectorAll<HTMLElement>('[data-state-key]') ?? []).find(
      (element) => element.dataset.stateKey === pending,
    );
    setPending(null);
    item?.focus();
  }, [pending, chosen]);
  const showState = (key: string) => {
    choose('tree');
    setPending(key);
  };
  return { chosen, choose, list, showState };
}

/** Each time a person continued the run: when, with which message, after editing which state's output. */
function Continuations({ run, nameOf }: { run: Run; nameOf(stateId: string): string | undefined }) {
  const resumes = run.resumes ?? [];
  if (resumes.length === 0) return null;
  return (
    <section className="run-continuations" aria-labelledby={`continued-${run.id}`}>
      <h3 id={`continued-${run.id}`} className="small">
        Continued by you
      </h3>
      <ol className="run-continuation-list">
        {resumes.map((resume) => (
          <li key={resume.at} className="small">
            <span className="muted">{new Date(resume.at).toLocaleTimeString()}</span>{' '}
            {resume.editedOutput ? (
              <span>
                after editing the output of{' '}
                <strong>{(resume.editedStateId && nameOf(resume.editedStateId)) ?? 'the paused state'}</strong>
              </span>
            ) : null}
            {resume.editedOutput && resume.message ? ', ' : null}
            {resume.message ? (
              <span>
                with the message <span className="run-continuation-message">“{resume.message}”</span>
              </span>
            ) : null}
            {!resume.editedOutput && !resume.message ? <span>as it was</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
