import { useEffect, useRef } from 'react';
import type { PendingLink } from '@/domain/a2ui/functions/open-url';
import { Button } from '@/ui/button';

// An agent's `openUrl` action (Basic Catalog function) runs only after the person reads where it goes: the host is
// named, and the page opens in a new tab without a referrer or a handle back to the console.

export function OpenUrlConfirm({ link, agentName, onDone }: { link: PendingLink; agentName: string; onDone(): void }) {
  const openRef = useRef<HTMLButtonElement>(null);
  useEffect(() => openRef.current?.focus(), [link]);
  if ('unreadable' in link)
    return (
      <div className="a2ui-open-url" role="group" aria-label="Link from the assistant">
        <p className="small">This link is not a web address, so it is not opened: {link.unreadable}</p>
        <Button size="small" onClick={onDone}>
          Close
        </Button>
      </div>
    );
  const { host } = link.url;
  return (
    <div className="a2ui-open-url" role="group" aria-label={`Open a page on ${host}`}>
      <p className="small">
        {agentName} wants to open a page on <strong>{host}</strong> in a new tab.
      </p>
      <p className="small muted a2ui-open-url-address">{link.url.href}</p>
      <div className="row">
        <Button
          ref={openRef}
          size="small"
          variant="primary"
          onClick={() => {
            window.open(link.url.href, '_blank', 'noopener,noreferrer');
            onDone();
          }}
        >
          Open {host}
        </Button>
        <Button size="small" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
