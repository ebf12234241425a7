import './compare.css';
import './batch-compare.css';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { batchCompareSearch, batchIdList } from '@/domain/workflows/batches/batch-comparison-address';
import { comparisonProblem, eligibleBaselines } from '@/domain/workflows/batches/batch-comparison';
import { useBatchesStore } from '@/features/workflows/batches/batches-store';
import { useRunsStore } from '@/features/workflows/model/runs-store';
import { BaselineChoice } from './baseline-choice';
import { BatchComparison } from './batch-comparison-view';
import { batchSide, batchSummary } from './batch-side';
import { useBatchRuns } from './use-batch-runs';

/**
 * Later batches of a workflow against a finished earlier one, the baseline. Everything it shows is named by the
 * address (baseline, batches, filter), so a link or a reload opens the same comparison.
 */
export function BatchComparePage() {
  const search = batchCompareSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const go = (change: Record<string, unknown>, replace = false) =>
    void navigate({ to: '/workflows/compare/batches', search: batchCompareSearch({ ...search, ...change }), replace });
  const records = useBatchesStore((state) => state.batches);
  const batchesLoading = useBatchesStore((state) => state.status === 'loading' || state.status === 'idle');
  const runs = useRunsStore((state) => state.runs);
  const ids = batchIdList(search.batches);
  const named = [search.baseline, ...ids].filter((id): id is string => Boolean(id));
  const reading = useBatchRuns(named);
  const find = (id: string | undefined) => records.find((record) => record.id === id);
  const baseline = find(search.baseline);
  const compared = ids.flatMap((id) => find(id) ?? []);
  const missing = named.filter((id) => !find(id));
  const options = eligibleBaselines(records.map(batchSummary), compared.map(batchSummary)).flatMap(
    (item) => find(item.id) ?? [],
  );
  // Records and runs change by replacement in their stores: the sides (and their diffs) are rebuilt only then.
  const sides = useMemo(
    () => ({
      baseline: baseline ? batchSide(baseline, runs) : null,
      compared: compared.map((record) => batchSide(record, runs)),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [records, runs, search.baseline, search.batches],
  );
  const problems = sides.baseline
    ? sides.compared.flatMap(
        (side) => comparisonProblem(sides.baseline as NonNullable<typeof sides.baseline>, side) ?? [],
      )
    : [];
  const workflowName = compared[0]?.workflowName ?? baseline?.workflowName;
  return (
    <section className="page batch-compare-page" aria-labelledby="batch-compare-title">
      <header className="page-header">
        <nav aria-label="Breadcrumb" className="small breadcrumb">
          <Link to="/workflows/runs">Runs</Link> / Compare batches
        </nav>
        <h1 id="batch-compare-title">Batches against a baseline{workflowName ? ` · ${workflowName}` : ''}</h1>
        <p className="muted small">
          Rows are paired by their input; a row whose input was edited in place is paired by its position.
        </p>
      </header>
      {batchesLoading ? (
        <p className="muted">Loading batches…</p>
      ) : (
        <>
          {missing.length > 0 ? (
            <p role="alert">
              {missing.length === 1 ? 'A batch in this address is' : `${missing.length} batches in this address are`}{' '}
              not in this browser’s history: batches are kept in the browser that ran them.
            </p>
          ) : null}
          {compared.length === 0 ? (
            <p role="alert">
              Pick the batches to compare: tick them in the <Link to="/workflows/runs">runs history</Link>, or use
              “Compare against a baseline…” on a batch’s page.
            </p>
          ) : (
            <div className="row batch-compare-choice">
              <BaselineChoice
                options={baseline && !options.includes(baseline) ? [baseline, ...options] : options}
                value={baseline?.id}
                onChoose={(id) => go({ baseline: id })}
              />
              {options.length === 0 && !baseline ? (
                <p className="muted small">
                  No earlier finished batch of {workflowName} is in this browser: a baseline must have finished before
                  the compared batches started.
                </p>
              ) : null}
            </div>
          )}
          {problems.length > 0 ? (
            <ul className="batch-compare-problems" role="alert">
              {[...new Set(problems)].map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
          {sides.baseline && sides.compared.length > 0 && problems.length === 0 ? (
            <BatchComparison
              baseline={sides.baseline}
              compared={sides.compared}
              filter={search.only ?? 'all'}
              onFilter={(only) => go({ only: only === 'all' ? undefined : only }, true)}
              reading={reading}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
