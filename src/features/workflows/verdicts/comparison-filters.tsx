import { useId, useState, type FormEvent } from 'react';
import {
  changeText,
  parseChange,
  thresholdMetrics,
  type Threshold,
  type ThresholdMetric,
} from '@/domain/workflows/verdicts/threshold';
import { verdictFilters, type VerdictFilter } from '@/domain/workflows/verdicts/verdict-filter';
import { Button } from '@/ui/button';
import './verdicts.css';

const verdictWords: Record<VerdictFilter, string> = {
  all: 'Any verdict',
  better: 'Better',
  same: 'Same',
  worse: 'Worse',
  pass: 'Pass',
  fail: 'Fail',
  unjudged: 'Not judged yet',
};
const metricWords: Record<ThresholdMetric, string> = { duration: 'Duration', tokens: 'Tokens', cost: 'Cost' };

/** The rows' verdict filter and a threshold on a metric's change ("+50 %" slower, "−20 %" cheaper). */
export function ComparisonFilters({
  verdict,
  metric,
  threshold,
  onVerdict,
  onThreshold,
}: {
  verdict: VerdictFilter;
  metric: ThresholdMetric;
  threshold: Threshold | undefined;
  onVerdict(value: VerdictFilter): void;
  onThreshold(value: { metric: ThresholdMetric; change: string | undefined }): void;
}) {
  const id = useId();
  const [text, setText] = useState(threshold ? changeText(threshold.change) : '');
  const [error, setError] = useState<string | null>(null);
  const [chosenMetric, setChosenMetric] = useState(metric);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return clear();
    const parsed = parseChange(text);
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    setText(changeText(parsed.change));
    onThreshold({ metric: chosenMetric, change: parsed.text });
  };
  const clear = () => {
    setText('');
    setError(null);
    onThreshold({ metric: chosenMetric, change: undefined });
  };
  return (
    <div className="verdict-filters">
      <label className="field">
        <span>Verdict</span>
        <select value={verdict} onChange={(event) => onVerdict(event.target.value as VerdictFilter)}>
          {verdictFilters.map((value) => (
            <option key={value} value={value}>
              {verdictWords[value]}
            </option>
          ))}
        </select>
      </label>
      <form className="verdict-threshold" onSubmit={apply} aria-label="Threshold on a change">
        <label className="field">
          <span>Change of</span>
          <select
            value={chosenMetric}
            onChange={(event) => {
              const next = event.target.value as ThresholdMetric;
              setChosenMetric(next);
              const current = threshold ? parseChange(changeText(threshold.change)) : null;
              if (current?.ok) onThreshold({ metric: next, change: current.text });
            }}
          >
            {thresholdMetrics.map((value) => (
              <option key={value} value={value}>
                {metricWords[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>at least</span>
          <input
            value={text}
            placeholder="+50 %"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <Button size="small" type="submit">
          Apply
        </Button>
        {threshold ? (
          <Button size="small" variant="quiet" onClick={clear}>
            Clear threshold
          </Button>
        ) : null}
        {error ? (
          <p id={`${id}-error`} role="alert" className="field-error small">
            {error}
          </p>
        ) : null}
      </form>
    </div>
  );
}
