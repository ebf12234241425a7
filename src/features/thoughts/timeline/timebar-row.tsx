import { memo } from 'react';
import { barText, type TimelineBar } from '@/domain/timeline/timeline-layout';

interface TimebarRowProps {
  bar: TimelineBar;
  index: number;
  count: number;
  tabStop: boolean;
}

// Deep chains are indented up to here; deeper levels are said (aria-level) but not pushed off the screen.
const deepestIndent = 12;

const tone = (bar: TimelineBar): string =>
  bar.waiting
    ? 'waiting'
    : bar.silent
      ? 'silent'
      : bar.running
        ? 'running'
        : bar.failed
          ? 'error'
          : bar.decision?.action === 'deny'
            ? 'denied'
            : 'done';

const words = (bar: TimelineBar): string | null =>
  bar.waiting
    ? 'waiting for you'
    : bar.silent
      ? 'silent tool'
      : bar.running
        ? 'running'
        : bar.failed
          ? 'failed'
          : bar.decision?.action === 'deny'
            ? 'denied by you'
            : bar.decision
              ? 'allowed by you'
              : null;

const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

/** One bar: the node's name indented under its parent, its span on the shared axis, its duration and marks. */
export const TimebarRow = memo(function TimebarRow({ bar, index, count, tabStop }: TimebarRowProps) {
  const state = words(bar);
  return (
    <div role="listitem" aria-setsize={count} aria-posinset={index + 1} className="timebar-item">
      <button
        type="button"
        className={`timebar-row timebar-${tone(bar)}`}
        tabIndex={tabStop ? 0 : -1}
        aria-label={barText(bar)}
        data-bar-id={bar.id}
        data-start-ms={Math.round(bar.startMs)}
        data-duration-ms={Math.round(bar.durationMs)}
      >
        <span
          className="timebar-label"
          style={{ paddingInlineStart: `${Math.min(bar.depth, deepestIndent) * 0.9}rem` }}
          aria-hidden="true"
        >
          <span className="timebar-name">{bar.label}</span> <span className="muted small">{bar.kind}</span>
        </span>
        <span className="timebar-track" aria-hidden="true">
          {bar.timed ? (
            <span
              className="timebar"
              data-testid="timebar"
              style={{ left: percent(bar.offset), width: percent(bar.width) }}
            />
          ) : null}
          {bar.timed && bar.wait ? (
            <span
              className="timebar timebar-wait"
              data-testid="timebar-wait"
              style={{ left: percent(bar.wait.offset), width: percent(bar.wait.width) }}
            />
          ) : null}
        </span>
        <span className="timebar-facts small" aria-hidden="true">
          {bar.timed ? `${(bar.durationMs / 1000).toFixed(1)} s` : 'no time'}
          {state ? <span className={`timebar-state timebar-state-${tone(bar)}`}>{state}</span> : null}
          {bar.slowest ? <span className="timebar-slowest">slowest</span> : null}
        </span>
      </button>
    </div>
  );
});
