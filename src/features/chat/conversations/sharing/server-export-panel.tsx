import { useId, useState, type FormEvent } from 'react';
import { exportFromServer, type ServerExportFormat } from '@/api/conversations/share-calls';
import { download } from '@/lib/download';
import { Button } from '@/ui/button';
import type { ApiClient } from '@/api/client/http-client';
import { secretMask } from '@/domain/headers/secrets';
import { useChatServices } from '@/features/chat/chat-services-provider';
import { problemOf } from './problem-text';

const formats: ReadonlyArray<{ format: ServerExportFormat; label: string }> = [
  { format: 'pdf', label: 'PDF' },
  { format: 'docx', label: 'DOCX' },
  { format: 'json', label: 'JSON' },
];

type ExportState =
  | { step: 'idle' | 'working' }
  | { step: 'done' | 'failed'; text: string }
  /** The server's copy holds a secret header value: a PDF or DOCX would have it in clear, so the person decides. */
  | { step: 'holds-secret'; format: Exclude<ServerExportFormat, 'json'> };

/**
 * Whether the chat as the server keeps it holds one of the person's secret header values (a tool or the model repeated
 * it): the console masks every text the server sends, so the server's JSON export shows the mask where it does.
 */
async function serverCopyHoldsSecret(client: ApiClient, conversationId: string, withTools: boolean): Promise<boolean> {
  const { blob } = await exportFromServer(client, conversationId, 'json', withTools);
  return (await blob.text()).includes(secretMask);
}

/**
 * The server's own export of the conversation (PDF, DOCX or JSON, tool outputs on request), saved under the name the
 * server gives it. A server without the export route says so once (`onUnsupported`). A PDF or DOCX is the server's
 * file, which the console cannot mask: when the server's copy holds a secret header value, the panel says so and the
 * person chooses the masked JSON or the file with the value in it.
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
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const failed = (error: unknown) => {
    const problem = problemOf(error);
    if (problem === 'unsupported') {
      setState({ step: 'idle' });
      onUnsupported();
    } else setState({ step: 'failed', text: `The server could not export this chat: ${problem}` });
  };
  const save = (chosen: ServerExportFormat) =>
    exportFromServer(client, conversationId, chosen, withTools).then(({ blob, fileName }) => {
      const name = fileName ?? `conversation.${chosen}`;
      download(name, blob.type, blob);
      setState({ step: 'done', text: `Downloaded ${name}.` });
    });
  const exportAs = (chosen: ServerExportFormat, checked: boolean) => {
    setState({ step: 'working' });
    const checking =
      chosen === 'json' || checked ? Promise.resolve(false) : serverCopyHoldsSecret(client, conversationId, withTools);
    checking
      .then((holds) => (holds && chosen !== 'json' ? setState({ step: 'holds-secret', format: chosen }) : save(chosen)))
      .catch(failed);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    exportAs(format, false);
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
      {state.step === 'holds-secret' ? (
        <div role="alert">
          <p>
            This chat, as the server keeps it, holds a secret header value in clear: a tool or the model repeated it.
            The console masks it on screen and in JSON, but a {state.format.toUpperCase()} is the server&apos;s file and
            would show it.
          </p>
          <span className="row">
            <Button size="small" onClick={() => exportAs('json', true)}>
              Download JSON instead (masked)
            </Button>
            <Button size="small" onClick={() => exportAs(state.format, true)}>
              Download {state.format.toUpperCase()} with the secret value
            </Button>
          </span>
        </div>
      ) : null}
      {state.step === 'done' ? <p role="status">{state.text}</p> : null}
      {state.step === 'failed' ? (
        <p role="alert" className="field-error">
          {state.text}
        </p>
      ) : null}
    </form>
  );
}
