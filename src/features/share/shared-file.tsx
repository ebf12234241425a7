import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiClient } from '@/api/client/http-client';
import { fetchStoredFile, storedPictureQuery } from '@/api/file-download';
import { isPicture } from '@/domain/files/attachments';
import { decodeFileUrl } from '@/domain/files/file-url';
import { download } from '@/lib/download';
import { Button } from '@/ui/button';

function Picture({ client, url, name }: { client: ApiClient; url: string; name: string }) {
  const picture = useQuery(storedPictureQuery(client, url));
  if (picture.isPending) return <span className="muted small">Loading picture…</span>;
  if (picture.isError) return <span className="muted small">Picture not available</span>;
  return picture.data ? <img className="shared-picture" src={picture.data} alt={name} /> : null;
}

/**
 * A file the shared question was sent with, read only through the share (`shared_file_urls`): the recipient has no
 * other right to it. A file the share does not list is named but cannot be opened.
 */
export function SharedFile({ client, file, url }: { client: ApiClient; file: string; url: string | undefined }) {
  const ref = decodeFileUrl(file);
  const name = ref?.name ?? 'file';
  const [problem, setProblem] = useState<string | null>(null);
  if (url === undefined)
    return (
      <li className="shared-file">
        {name} <span className="muted">(not shared)</span>
      </li>
    );
  const save = () => {
    setProblem(null);
    fetchStoredFile(client, url).then(
      (blob) => download(name, blob.type, blob),
      () => setProblem('It could not be downloaded.'),
    );
  };
  return (
    <li className="shared-file">
      {ref && isPicture(ref.mime) ? <Picture client={client} url={url} name={name} /> : null}
      <Button variant="link" onClick={save}>
        Download {name}
      </Button>
      {problem ? <span className="field-error">{problem}</span> : null}
    </li>
  );
}
