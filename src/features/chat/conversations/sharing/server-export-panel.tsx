import { useId, useState, type FormEvent } from 'react';
import { exportFromServer, type ServerExportFormat } from '@/api/conversations/share-calls';
import { download } from '@/lib/download';
import { Button } from '@/ui/button';
import { useChatServices } from '@/features/chat/chat-services-provider';
import { problemOf } from './problem-text';

const formats: ReadonlyArray<{ format: ServerExportFormat; label: string }> = [
  { format: 'pdf', label: 'PDF' },
  { format: 'docx', label: 'DOCX' },
  { format: 'json', label: 'JSON' },
];

/**
 * The server's own export of the conversation (PDF, DOCX or JSON, tool outputs on request), saved under the name the
 * server gives it. A server without the export route says so once (`onUnsupported`).
 */
export function ServerExportPanel({
  conversationId,
  title,
  onUnsupported,
  onClose,
}: {
  conversationId: string;
  title: string;
  onUnsupported(): void;
  onClose(): void;
}) {
  const { client } = useChatServices();
  const formatId = useId();
  const [format, setFormat] = useState<ServerExportFormat>('pdf');
  const [withTools, setWithTools] = useState(false);
  const [state, setState] = useState<{ step: 'idle' | 'working' } | { step: 'done' | 'failed'; text: string }>({
    step: 'idle',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setState({ step: 'working' });
    exportFromServer(client, conversationId, format, withTools).then(
      ({ blob, fileName }) => {
        const name = fileName ?? `conversation.${format}`;
        download(name, blob.type, blob);
        setState({ step: 'done', text: `Downloaded ${name}.` });
      },
      (error: unknown) => {
        const problem = problemOf(error);
        if (problem === 'unsupported') {
          setState({ step: 'idle' });
          onUnsupported();
        } else setState({ step: 'failed', text: `The server could not export this chat: ${problem}` });
      },
    );
  };
  return (
    <form className="conversation-sharing small" aria-label={`Export ${title} from the server`} onSubmit={submit}>
      <label htmlFor={formatId}>Format</label>
      <select id={formatId} value={format} onChange={(event) => setFormat(event.target.value as ServerExportFormat)}>
        {formats.map((item) => (
          <option key={item.format} value={item.format}>
            {item.label}
          </option>
        ))}
      </select>
      <label>
        <input type="checkbox" checked={withTools} onChange={(event) => setWithTools(event.target.checked)} /> Include
        tool outputs
      </label>
      <span className="row">
        <Button type="submit" size="small" disabled={state.step === 'working'}>
          {state.step === 'working' ? 'Exporting…' : 'Download'}
        </Button>
        <Button size="small" onClick={onClose}>
          Close
        </Button>
      </span>
      {state.step === 'done' ? <p role="status">{state.text}</p> : null}
      {state.step === 'failed' ? (
        <p role="alert" className="field-error">
          {state.text}
        </p>
      ) : null}
    </form>
  );
}
