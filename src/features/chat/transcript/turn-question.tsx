import { useEffect, useRef } from 'react';
import { Button } from '@/ui/button';
import { QuestionFiles } from '@/features/chat/attachments/question-files';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';
import { useComposerFocus } from '@/features/chat/chat-shortcuts';
import { QuestionEditor } from './question-editor';
import type { Turn } from '@/features/chat/runtime/turn';
import type { TurnActions } from './turn-actions';
import { questionPosition } from '@/domain/conversations/versions';
import { VersionSwitcher } from './version-switcher';

interface TurnQuestionProps {
  turn: Turn;
  siblings: readonly Turn[];
  conversationId: string;
  actions: TurnActions;
  askedAnother: boolean;
  active: boolean;
}

/** The question's bubble: who asked, its versions, and Edit, which turns the bubble into an editor in place. */
export function TurnQuestion({ turn, siblings, conversationId, actions, askedAnother, active }: TurnQuestionProps) {
  const runtime = useChatRuntime();
  const edited = useChat((state) => state.editing[conversationId]?.[turn.id]);
  const requestComposerFocus = useComposerFocus((state) => state.requested);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const editing = edited !== undefined;
  const { parentId } = turn;
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  // A failed turn offers Edit in its error, where the reader is looking.
  const canEdit = !active && turn.status !== 'failed' && !actions.finished;
  return (
    <div className={`turn-question${editing ? ' turn-question-editing' : ''}`}>
      <p className="turn-author">
        You
        {askedAnother ? <span className="turn-asked muted small"> · asked {turn.assistantName}</span> : null}
        {!editing ? (
          // Edits are versions of the question: chosen here.
          <VersionSwitcher
            position={questionPosition(siblings, turn)}
            of="question"
            disabled={active}
            parentId={parentId}
            onSelect={actions.selectVersion}
          />
        ) : null}
        {canEdit && !editing ? (
          <Button
            ref={editButton}
            variant="quiet"
            size="small"
            className="turn-edit"
            aria-label="Edit question"
            onClick={() => actions.edit(turn)}
          >
            Edit
          </Button>
        ) : null}
      </p>
      {edited !== undefined ? (
        <QuestionEditor
          conversationId={conversationId}
          turnId={turn.id}
          text={edited}
          blocked={actions.busy ? 'An answer is being written; send when it ends.' : actions.sendBlocked}
          onCancel={() => {
            returnFocus.current = true;
            runtime.cancelEditing(conversationId, turn.id);
          }}
          onSend={(text) => {
            actions.sendEdit(turn, text);
            // The new version takes this question's place; the keyboard goes where the next question is typed.
            requestComposerFocus();
          }}
        />
      ) : (
        <div className="turn-question-text">{turn.question}</div>
      )}
      <QuestionFiles fileNames={turn.fileNames} />
    </div>
  );
}
