import { useContext, useEffect, useRef, type FocusEvent } from 'react';
import { ComboBoxStateContext, Input, type Key } from 'react-aria-components';

interface CatalogInputProps {
  placeholder: string;
  /** Each change opens the list and focuses the field. */
  openRequests: number;
  /** The field lost the keyboard while its list was closed. */
  onBlurClosed(): void;
  /** The field holds the chosen item's name (not a search being typed). */
  showsChoice: boolean;
}

/**
 * The combobox's field. It holds the chosen item's name while closed, so focusing it selects that name (typing
 * replaces it with a search), and a click opens the whole list, as a select would.
 */
export function CatalogInput({ placeholder, openRequests, onBlurClosed, showsChoice }: CatalogInputProps) {
  const state = useContext(ComboBoxStateContext);
  const ref = useRef<HTMLInputElement>(null);
  const answered = useRef(openRequests);
  // A pointer focus ends in a mouseup that would put the caret where it landed, losing the selection.
  const keepSelection = useRef(false);
  // While a search is typed, the first match is the one Enter takes, until the arrows choose another.
  const navigated = useRef(false);
  const collection = state?.collection;
  const isOpen = state?.isOpen ?? false;
  useEffect(() => {
    if (!state || !isOpen || showsChoice || navigated.current || !collection) return;
    const manager = state.selectionManager;
    let first: Key | null = null;
    for (const node of collection)
      if (node.type === 'item') {
        first = node.key;
        break;
      }
    if (first !== null && manager.focusedKey !== first) manager.setFocusedKey(first);
  }, [state, collection, isOpen, showsChoice]);
  useEffect(() => {
    if (openRequests === answered.current) return;
    answered.current = openRequests;
    ref.current?.focus();
    state?.open(null, 'manual');
  }, [openRequests, state]);
  return (
    <Input
      ref={ref}
      className="catalog-input"
      placeholder={placeholder}
      spellCheck={false}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        if (!showsChoice) return;
        event.currentTarget.select();
        keepSelection.current = true;
      }}
      onMouseUp={(event) => {
        if (keepSelection.current) event.preventDefault();
        keepSelection.current = false;
      }}
      // The combobox opens its list itself (menuTrigger manual): RAC's own opening on input compares with the chosen
      // item's text in the list, and the chosen item is often not in a searched list.
      onInput={() => {
        navigated.current = false;
        if (state && !state.isOpen) state.open(null, 'input');
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') navigated.current = true;
      }}
      onClick={() => {
        if (state && !state.isOpen) state.open(null, 'manual');
      }}
      onBlur={() => {
        if (!state?.isOpen) onBlurClosed();
      }}
    />
  );
}
