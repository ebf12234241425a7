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
  const choices = useAssistantChoices(search, fallback, added, open);
  // The option the arrow keys are on (the search box keeps the keyboard, as in a combobox): -1 for none.
  const [active, setActive] = useState(-1);
  const optionId = (index: number) => `${panelId}-option-${index}`;
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

  // The next opening starts from the whole list.
  const close = () => {
    setOpen(false);
    setSearch('');
    setActive(-1);
    toggleRef.current?.focus();
  };
  const choose = (assistant: KnownAssistant) => {
    useSelectionStore.getState().assistantSelected(assistant);
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = choices.assistants.length;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (active + 1) % count,
      ArrowUp: () => (active <= 0 ? count - 1 : active - 1),
      Home: () => 0,
      End: () => count - 1,
    };
    const move = moves[event.key];
    if (move && count > 0) {
      event.preventDefault();
      const next = move();
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
      return;
    }
    if (event.key === 'Enter') {
      // Enter takes the option the arrows are on, or the only or first match of what was typed.
      const pick = choices.assistants[active >= 0 ? active : 0];
      if (pick) {
        event.preventDefault();
        choose(pick);
      }
    }
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
          <input
            ref={searchRef}
            id={`${panelId}-search`}
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded="true"
            aria-controls={`${panelId}-list`}
            aria-activedescendant={active >= 0 && active < choices.assistants.length ? optionId(active) : undefined}
            placeholder="Search assistants"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setActive(-1);
            }}
            onKeyDown={onSearchKeyDown}
          />
          {choices.error && isApiError(choices.error) ? (
            <p role="alert" className="field-error">
              Could not load assistants: {describeError(choices.error, 'catalog').title}. {choices.error.serverMessage ?? ''}
            </p>
          ) : null}
          {choices.source === 'fallback' && !choices.loading ? <p className="muted small">This server has no assistant list; showing the configured ones.</p> : null}
          {choices.loading && choices.assistants.length === 0 ? <p className="skeleton">Loading assistants…</p> : null}
          {!choices.loading && choices.assistants.length === 0 ? <p className="muted">No assistant matches “{search}”. Add one by ID below.</p> : null}
          <ul className="picker-list" id={`${panelId}-list`} role="listbox" aria-label="Assistants" aria-busy={choices.loading}>
            {choices.assistants.map((assistant, index) => (
              <li
                key={assistant.id}
                id={optionId(index)}
                role="option"
                className={`picker-option${index === active ? ' picker-option-active' : ''}`}
                aria-selected={assistant.id === selected?.id}
                onClick={() => choose(assistant)}
                onMouseEnter={() => setActive(index)}
              >
                <span className="picker-option-name">{assistant.name}</span>{' '}
                {assistant.description ? <span className="picker-option-description">{assistant.description}</span> : null}
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
