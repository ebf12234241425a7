import { useMemo, useState } from 'react';
import { checkAssistantId } from '@/domain/catalog/assistant-id';
import { describeError } from '@/domain/errors/describe-error';
import { isApiError } from '@/domain/errors/api-error';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { AddByIdPopover } from '@/ui/catalog/add-by-id-popover';
import { CatalogPicker } from '@/ui/catalog/catalog-picker';
import { useComposerFocus } from '@/features/chat/chat-shortcuts';
import { useChat } from '@/features/chat/runtime/use-chat';
import { useSelectionStore } from './selection-store';
import { useChosenAssistant } from './use-chosen-assistant';
import { useAssistantChoices, type AssistantChoice } from './use-assistant-catalog';

/** Who answers: the server's assistants (searched as one types), the configured ones as a fallback, or one added by ID. */
export function AssistantPicker({
  fallback,
  conversationId,
  compact = false,
}: {
  fallback: RuntimeConfig['fallbacks']['assistants'];
  /** The conversation whose next question the pick is for (a new chat's id-to-be): its model override goes. */
  conversationId: string;
  /** A narrow bar: the name gets the room ("Add by ID" shortens to "+ ID"). */
  compact?: boolean;
}) {
  const selected = useChosenAssistant();
  const stored = useSelectionStore((state) => state.addedAssistants);
  const pickerRequests = useSelectionStore((state) => state.pickerRequests);
  const assistantPicked = useSelectionStore((state) => state.assistantPicked);
  const assistantAddedById = useSelectionStore((state) => state.assistantAddedById);
  const focusComposer = useComposerFocus((state) => state.requested);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  // One added by ID is listed by the name the server gave it once it has described it (the chosen one, read at once).
  const added = useMemo(
    () => stored.map((known) => (known.id === selected?.id ? { ...known, name: selected.name } : known)),
    [stored, selected],
  );
  // A closed picker asks the server nothing.
  const choices = useAssistantChoices(search, fallback, added, open);
  const error = choices.error && isApiError(choices.error) ? choices.error : null;
  // Assistants the server refused this person (401 "Access denied", 403) in answers this tab holds: marked in the list.
  const turns = useChat((state) => state.turns);
  const refused = useMemo(() => {
    // The latest answer of each assistant decides: a refusal it got since access was granted no longer counts.
    const latest = new Map<string, { at: number; why: string | null }>();
    for (const list of Object.values(turns))
      for (const turn of list) {
        if ((latest.get(turn.assistantId)?.at ?? -1) > turn.startedAt) continue;
        const refused = turn.status === 'failed' && turn.error?.title === 'Permission denied';
        latest.set(turn.assistantId, {
          at: turn.startedAt,
          why: refused ? (turn.error?.serverMessage ?? 'the server refused it') : null,
        });
      }
    return new Map([...latest].flatMap(([id, { why }]) => (why === null ? [] : [[id, why] as const])));
  }, [turns]);
  const items = useMemo(
    () =>
      refused.size === 0
        ? choices.assistants
        : choices.assistants.map((item) => {
            const why = refused.get(item.id);
            return why === undefined ? item : { ...item, refused: why };
          }),
    [choices.assistants, refused],
  );
  return (
    <CatalogPicker<AssistantChoice>
      label="Assistant"
      placeholder="Search assistants"
      items={items}
      selected={selected}
      // The icon belongs to the list; the choice keeps what the chat needs.
      onSelect={({ id, name, description }) =>
        assistantPicked(conversationId, { id, name, ...(description ? { description } : {}) })
      }
      // The question comes next: the keyboard goes to the message box.
      onPicked={focusComposer}
      search={search}
      onSearchChange={setSearch}
      onOpenChange={setOpen}
      loading={choices.loading}
      error={
        error
          ? `Could not load assistants: ${describeError(error, 'catalog').title}. ${error.serverMessage ?? ''}`
          : undefined
      }
      notice={
        choices.source === 'fallback' ? 'This server has no assistant list; showing the configured ones.' : undefined
      }
      loadingMessage="Loading assistants…"
      emptyMessage={(typed) =>
        typed ? `No assistant matches “${typed}”. Add one by ID.` : 'No assistant here yet. Add one by ID.'
      }
      loadMore={choices.loadMore}
      total={choices.total}
      openRequests={pickerRequests}
    >
      <AddByIdPopover
        label="Add an assistant by ID"
        check={checkAssistantId}
        onAdd={(id) => assistantAddedById(conversationId, { id, name: `Assistant ${id.slice(0, 8)}` })}
        compact={compact}
      />
    </CatalogPicker>
  );
}
