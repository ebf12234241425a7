import { useQuery } from '@tanstack/react-query';
import { useChatServices } from '@/features/chat/chat-services-provider';
import { storedPictureQuery } from '@/api/file-download';
import { isPicture } from '@/domain/files/attachments';
import { decodeFileUrl } from '@/domain/files/file-url';
import './attachments.css';

function Thumbnail({ fileUrl, name }: { fileUrl: string; name: string }) {
  const { client } = useChatServices();
  const picture = useQuery(storedPictureQuery(client, fileUrl));
  if (picture.isPending) return <span className="muted small">Loading picture…</span>;
  if (picture.isError) return <span className="muted small">Picture not available</span>;
  return picture.data ? <img className="question-thumbnail" src={picture.data} alt={name} /> : null;
}

/** The files a question was sent with: each by its name (read from its file URL), pictures as thumbnails. */
export function QuestionFiles({ fileNames }: { fileNames: readonly string[] | undefined }) {
  if (!fileNames?.length) return null;
  return (
    <ul className="question-files" aria-label={`Files sent: ${fileNames.length}`}>
      {fileNames.map((fileUrl, index) => {
        const file = decodeFileUrl(fileUrl);
        const name = file?.name ?? fileUrl;
        return (
          <li key={`${index}:${fileUrl}`} className="question-file" title={file?.mime}>
            {file && isPicture(file.mime) ? <Thumbnail fileUrl={fileUrl} name={name} /> : null}
            <span className="question-file-name">{name}</span>
          </li>
        );
      })}
    </ul>
  );
}
