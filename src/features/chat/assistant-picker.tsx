import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { checkAssistantId } from '@/domain/assistant-id';
import { AddByIdForm } from '@/ui/add-by-id-form';
import { describeError } from '@/domain/describe-error';
import { isApiError } from '@/domain/api-error';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { useSelectionStore, type KnownAssistant } from './selection-store';
import { useAssistantChoices } from './use-assistant-catalog';

export function AssistantPicker({ fallback }: { fallback: RuntimeConfig['fallbacks']['assistants'] }) {
  const selected = useSelectionStore((state) => state.assistant);
  const added = useSelectionStore((state) => state.addedAssistants);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const choices = useAssistantChoices(search, fallback, added);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const pickerRequests = useSelectionStore((state) => state.pickerRequests);
  const answeredRequests = useRef(pickerRequests);

  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);
  // Another part of the chat ("Pick another assistant" on an error) asked for the picker.
  useEffect(() => {
    if (pickerRequests === answeredRequests.current) return;
    answeredRequests.current = pickerRequests;
    setOpen(true);
  }, [pickerRequests]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const choose = (assistant: KnownAssistant) => {
    useSelectionStore.getState().assistantSelected(assistant);
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  return (
    <div className="picker" onKeyDown={onKeyDown}>
      <button ref={toggleRef} type="button" id="assistant-picker" className="picker-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <span className="picker-caption">Assistant</span>{' '}
        <span className="picker-value">{selected?.name ?? 'Choose an assistant'}</span>
      </button>
      {open ? (
        <div className="picker-panel" id={panelId} role="group" aria-label="Choose an assistant">
          <label className="visually-hidden" htmlFor={`${panelId}-search`}>
            Search assistants
          </label>
          <input ref={searchRef} id={`${panelId}-search`} type="search" placeholder="Search assistants" value={search} onChange={(event) => setSearch(event.target.value)} />
          {choices.error && isApiError(choices.error) ? (
            <p role="alert" className="field-error">
              Could not load assistants: {describeError(choices.error, 'catalog').title}. {choices.error.serverMessage ?? ''}
            </p>
          ) : null}
          {choices.source === 'fallback' && !choices.loading ? <p className="muted small">This server has no assistant list; showing the configured ones.</p> : null}
          <ul className="picker-list" aria-busy={choices.loading}>
            {choices.loading && choices.assistants.length === 0 ? <li className="skeleton">Loading assistants…</li> : null}
            {!choices.loading && choices.assistants.length === 0 ? <li className="muted">No assistant matches “{search}”. Add one by ID below.</li> : null}
            {choices.assistants.map((assistant) => (
              <li key={assistant.id}>
                <button type="button" className="picker-option" aria-current={assistant.id === selected?.id ? 'true' : undefined} onClick={() => choose(assistant)}>
                  <span className="picker-option-name">{assistant.name}</span>{' '}
                  {assistant.description ? <span className="picker-option-description">{assistant.description}</span> : null}
                </button>
              </li>
            ))}
          </ul>
          {choices.loadMore ? (
            <button type="button" className="button button-small" onClick={choices.loadMore} disabled={choices.loading}>
              {choices.loading ? 'Loading…' : `Load more (${choices.assistants.length} of ${choices.total})`}
            </button>
          ) : null}
          <AddByIdForm
            label="Add an assistant by ID"
            check={checkAssistantId}
            onAdd={(id) => {
              useSelectionStore.getState().assistantAddedById({ id, name: `Assistant ${id.slice(0, 8)}` });
              close();
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
