import { useQuery } from '@tanstack/react-query';
import { useSettingsServices } from './settings-services-provider';
import { serverConversationSupportQuery } from '@/api/conversations/conversation-queries';

/** Where the person's conversations are kept: the server where it has the conversations endpoints, else this browser. */
export function ConversationStoreRow() {
  const { client } = useSettingsServices();
  const support = useQuery(serverConversationSupportQuery(client));
  const text =
    support.data === 'available'
      ? 'On the server (this browser keeps a copy for instant and offline reading)'
      : support.data === 'unavailable'
        ? 'In this browser only: the server has no conversations endpoints (GET /v1/conversations answers 404)'
        : support.isError
          ? 'In this browser for now: the server could not be asked'
          : 'Checking the server…';
  return (
    <tr>
      <th scope="row">Conversations</th>
      <td>{text}</td>
    </tr>
  );
}
