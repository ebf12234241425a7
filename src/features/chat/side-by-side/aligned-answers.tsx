import { useMemo } from 'react';
import { visiblePath } from '@/domain/conversations/versions';
import { diffWords } from '@/domain/diff/text-diff';
import {
  alignConversations,
  pairTotals,
  wordChanges,
  type AlignedPair,
  type PairSide,
} from '@/domain/conversations/side-by-side';
import { winRate, winRateText, type Judgement, type PairVerdict } from '@/domain/workflows/verdicts/verdicts';
import { pairOptions, VerdictButtons, verdictOfKey } from '@/ui/verdicts/verdict-buttons';
import { VerdictKeysHint } from '@/ui/verdicts/verdict-keys-hint';
import { VerdictNote } from '@/ui/verdicts/verdict-note';
import { useVerdictKeys } from '@/ui/verdicts/use-verdict-keys';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';
import type { Turn } from '@/features/chat/runtime/turn';
import { sideName, type SideChoice } from './side-choice';

const noTurns: readonly Turn[] = [];

function useShownPath(conversationId: string): readonly Turn[] {
  const turns = useChat((state) => state.turns[conversationId] ?? noTurns);
  const selection = useChat((state) => state.conversations[conversationId]?.selection);
  // The live copy of an answer on its way, so the aligned view fills in as the columns do.
  const live = useChat((state) => state.live);
  return useMemo(() => {
    const path = visiblePath(turns, selection ?? {}, false);
    return path.map((turn) => live[turn.id]?.turn ?? turn);
  }, [turns, selection, live]);
}

const seconds = (value: number | undefined) => (value === undefined ? 'time not known' : `${value.toFixed(1)} s`);
const tokens = (value: number | undefined) => (value === undefined ? 'tokens not reported' : `${value} tokens`);

/** Past this many words changed, the word differences start folded: the two answers side by side say more. */
const foldedPast = 60;

function SideAnswer({ side, name }: { side: PairSide | undefined; name: string }) {
  if (!side)
    return (
      <div className="aligned-side">
        <p className="muted small">{name}: not asked yet</p>
      </div>
    );
  const state = side.status === 'completed' ? '' : ` · ${side.status}`;
  return (
    <div className="aligned-side">
      <p className="small">
        <strong>{name}</strong>
        {state} · {seconds(side.seconds)} · {tokens(side.tokens)}
      </p>
      <div className="aligned-answer-text" aria-label={`${name}’s answer`} role="region" tabIndex={0}>
        {side.text || <span className="muted">(no text)</span>}
      </div>
    </div>
  );
}

type Change = { verdict?: PairVerdict | null; note?: string };

interface PairCardProps {
  pair: AlignedPair;
  names: readonly [string, string];
  judgement: Judgement<PairVerdict> | undefined;
  onJudge(change: Change): void;
  /** Its place among the rows people judge from the keyboard, once both answers have ended. */
  row: ReturnType<ReturnType<typeof useVerdictKeys>> | undefined;
}

function PairCard({ pair, names, judgement, onJudge, row }: PairCardProps) {
  // Keyed by the texts, not the pair (a new object at every update of any answer): a settled pair is diffed once.
  const compared = pair.settled && !pair.identical;
  const leftText = pair.left?.text ?? '';
  const rightText = pair.right?.text ?? '';
  const parts = useMemo(() => (compared ? diffWords(leftText, rightText) : []), [compared, leftText, rightText]);
  const changes = wordChanges(parts);
  return (
    <li
      className={`aligned-pair${row ? ' verdict-row' : ''}`}
      aria-label={`Question ${pair.index + 1}: ${pair.question}`}
      {...row}
    >
      <p className="aligned-question">
        <span className="muted small">Q{pair.index + 1} · </span>
        {pair.question}
        {pair.otherQuestion !== undefined ? (
          <span className="small aligned-other-question"> (the second side was asked “{pair.otherQuestion}”)</span>
        ) : null}
      </p>
      <div className="aligned-sides">
        <SideAnswer side={pair.left} name={names[0]} />
        <SideAnswer side={pair.right} name={names[1]} />
      </div>
      {pair.settled ? (
        <div className="aligned-verdict">
          <span className="small muted">The second against the first:</span>
          <VerdictButtons
            options={pairOptions}
            value={judgement?.verdict}
            rowName={`answer ${pair.index + 1}`}
            onChange={(verdict) => onJudge({ verdict })}
          />
          <VerdictNote
            note={judgement?.note}
            rowName={`answer ${pair.index + 1}`}
            onSave={(note) => onJudge({ note })}
          />
        </div>
      ) : null}
      {!pair.settled ? (
        <p className="muted small">Compared once both answers have ended.</p>
      ) : pair.identical ? (
        <p className="small">Identical answers.</p>
      ) : (
        <details
          className="aligned-diff"
          aria-label={`What differs in answer ${pair.index + 1}`}
          open={changes.removed + changes.added <= foldedPast}
        >
          <summary className="small">
            Word differences: <span className="aligned-count-removed">−{changes.removed}</span> only in the first,{' '}
            <span className="aligned-count-added">+{changes.added}</span> only in the second
          </summary>
          <p className="aligned-diff-text">
            {parts.map((part, at) =>
              part.op === 'same' ? (
                <span key={at}>{part.text}</span>
              ) : part.op === 'added' ? (
                <ins key={at}>{part.text}</ins>
              ) : (
                <del key={at}>{part.text}</del>
              ),
            )}
          </p>
        </details>
      )}
    </li>
  );
}

/** The two conversations question by question: each side's time and tokens, and the words that differ. */
export function AlignedAnswers({
  left,
  right,
}: {
  left: { conversationId: string; side: SideChoice };
  right: { conversationId: string; side: SideChoice };
}) {
  const leftPath = useShownPath(left.conversationId);
  const rightPath = useShownPath(right.conversationId);
  const pairs = useMemo(() => alignConversations(leftPath, rightPath), [leftPath, rightPath]);
  const totals = pairTotals(pairs);
  const names = [sideName(left.side), sideName(right.side)] as const;
  // The person's verdicts are the second conversation's, held against the first (kept in this browser).
  const runtime = useChatRuntime();
  const verdicts = useChat((state) => state.conversations[right.conversationId]?.verdicts);
  const judgeable = useMemo(() => pairs.filter((pair) => pair.settled).map((pair) => String(pair.index)), [pairs]);
  const judge = (index: number, change: Change) =>
    runtime.judgeAnswer(right.conversationId, left.conversationId, index, change);
  const rowProps = useVerdictKeys(judgeable, (key, digit) => {
    const verdict = verdictOfKey(pairOptions, digit);
    if (verdict !== undefined) judge(Number(key), { verdict });
  });
  const judgements = verdicts?.against?.[left.conversationId];
  return (
    // Focusable: it scrolls on its own, and the keyboard scrolls it.
    <section className="aligned-answers" aria-label="Answers aligned by question" tabIndex={0}>
      <p className="aligned-totals" role="status">
        {totals.settled} of {totals.questions} {totals.questions === 1 ? 'question' : 'questions'} answered by both ·{' '}
        {totals.identical} alike · {names[0]}: {seconds(totals.left.seconds)}, {tokens(totals.left.tokens)} · {names[1]}
        : {seconds(totals.right.seconds)}, {tokens(totals.right.tokens)}
      </p>
      {judgeable.length > 0 ? (
        <>
          <p className="aligned-win-rate">{winRateText(winRate(verdicts, left.conversationId, judgeable))}</p>
          <VerdictKeysHint options={pairOptions} />
        </>
      ) : null}
      {pairs.length === 0 ? <p className="muted">Nothing asked yet.</p> : null}
      <ol className="aligned-list">
        {pairs.map((pair) => (
          <PairCard
            key={pair.index}
            pair={pair}
            names={names}
            judgement={judgements?.[String(pair.index)]}
            onJudge={(change) => judge(pair.index, change)}
            row={pair.settled ? rowProps(String(pair.index)) : undefined}
          />
        ))}
      </ol>
    </section>
  );
}
