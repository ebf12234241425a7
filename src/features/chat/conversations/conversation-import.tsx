import { useRef, useState } from 'react';
import { useChatRuntime } from '@/features/chat/runtime/use-chat';
import { importSizeProblem } from '@/domain/conversations/transfer/import-limits';
import './conversations.css';
import '@/ui/button.css';

/** Import one conversation from an exported JSON file; a bad file says what is wrong with it. */
export function ConversationImport({ onImported }: { onImported(conversationId: string): void }) {
  const runtime = useChatRuntime();
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  // Never rejects: what could not be read or saved is one of the problems shown under the button.
  const read = async (file: File) => {
    // Said before the file is read: a huge one would take the tab's memory just to be refused.
    const tooLarge = importSizeProblem(file.size);
    if (tooLarge) return setProblems([tooLarge]);
    const text = await file.text().catch(() => null);
    if (text === null) return setProblems([`${file.name} could not be read; choose it again.`]);
    const result = await runtime.importFile(text);
    if (result.ok) {
      setProblems([]);
      onImported(result.summary.id);
    } else setProblems(result.problems);
  };
  return (
    <>
      <button type="button" className="button button-small" onClick={() => input.current?.click()}>
        Import
      </button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="visually-hidden"
        aria-label="Import a conversation (JSON)"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void read(file);
        }}
      />
      {problems.length ? (
        <div role="alert" className="field-error small import-problems">
          <p>This file cannot be imported:</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <button type="button" className="link-button" onClick={() => setProblems([])}>
            Dismiss
          </button>
        </div>
      ) : null}
    </>
  );
}
