import { useCallback, useState, type ReactNode } from 'react';
import type { MenuAction } from '@/ui/menu';
import { ServerExportPanel } from './server-export-panel';
import { ShareLinkPanel } from './share-link-panel';
import './sharing.css';

/** What the server offers for sharing, learnt from its answers: off once it says it has no such route. */
export interface SharingSupport {
  share: boolean;
  export: boolean;
}
export type SharingKind = keyof SharingSupport;

/**
 * A conversation's Share link and server export: the menu actions (off, with the reason, where the server cannot)
 * and the panel one of them opened under the row.
 */
export function useConversationSharing(
  conversation: { id: string; title: string },
  support: SharingSupport,
  onUnsupported: (kind: SharingKind) => void,
): { shareAction: MenuAction; exportAction: MenuAction; panel: ReactNode } {
  // The count makes each Share link a new request (its panel is keyed by it).
  const [open, setOpen] = useState<{ kind: SharingKind; count: number } | null>(null);
  const show = (kind: SharingKind) => setOpen((now) => ({ kind, count: (now?.count ?? 0) + 1 }));
  const close = useCallback(() => setOpen(null), []);
  const unsupportedShare = useCallback(() => {
    setOpen(null);
    onUnsupported('share');
  }, [onUnsupported]);
  const unsupportedExport = useCallback(() => {
    setOpen(null);
    onUnsupported('export');
  }, [onUnsupported]);
  const shareAction: MenuAction = support.share
    ? { id: 'share', label: 'Share link', onAction: () => show('share') }
    : { id: 'share', label: 'Share link (this server cannot)', disabled: true, onAction: () => undefined };
  const exportAction: MenuAction = support.export
    ? { id: 'server-export', label: 'Export PDF / DOCX / JSON (server)…', onAction: () => show('export') }
    : {
        id: 'server-export',
        label: 'Export from the server (this server cannot)',
        disabled: true,
        onAction: () => undefined,
      };
  let panel: ReactNode = null;
  if (open?.kind === 'share' && support.share)
    panel = (
      <ShareLinkPanel
        key={open.count}
        conversationId={conversation.id}
        title={conversation.title}
        onUnsupported={unsupportedShare}
        onClose={close}
      />
    );
  if (open?.kind === 'export' && support.export)
    panel = (
      <ServerExportPanel
        conversationId={conversation.id}
        title={conversation.title}
        onUnsupported={unsupportedExport}
        onClose={close}
      />
    );
  return { shareAction, exportAction, panel };
}
