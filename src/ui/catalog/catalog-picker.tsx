import { useState, type ReactNode } from 'react';
import {
  Button,
  Collection,
  ComboBox,
  Label,
  ListBox,
  ListBoxLoadMoreItem,
  Popover,
  type Key,
} from 'react-aria-components';
import { CatalogAvatar, type CatalogItem } from './catalog-avatar';
import { CatalogInput } from './catalog-input';
import { CatalogOption } from './catalog-option';
import './catalog-picker.css';

export type { CatalogItem } from './catalog-avatar';

export interface CatalogPickerProps<T extends CatalogItem> {
  /** The field's visible label ("Assistant"). */
  label: string;
  /** Shown in the empty field and read out with it ("Search assistants"). */
  placeholder: string;
  /** The catalog as the feature has it now: already searched, best first (Enter takes it), each with its match. */
  items: readonly T[];
  /** What is chosen, shown in the field while the list is closed; it need not be among `items`. */
  selected: CatalogItem | null;
  onSelect(item: T): void;
  /** After a choice is made: where the keyboard goes next (the message box), once the list has closed. */
  onPicked?(): void;
  /** What is typed to search; '' while nobody searches. The feature asks its server (debounced) and passes `items` back. */
  search: string;
  onSearchChange(search: string): void;
  onOpenChange?(open: boolean): void;
  loading: boolean;
  /** Why the catalog could not be read, in plain words: shown at the top of the open list. */
  error?: ReactNode;
  /** A word about where the items come from (a fallback list), shown above them. */
  notice?: ReactNode;
  /** The list's empty state for what is typed ("No assistant matches …"). */
  emptyMessage(search: string): ReactNode;
  /** "Loading assistants…" */
  loadingMessage: string;
  /** The next page of the catalog; absent when there is none. Asked for as the list scrolls near its end. */
  loadMore?: (() => void) | undefined;
  /** How many the catalog holds in all, when it pages. */
  total?: number | undefined;
  /** Each change opens the list and puts the keyboard in the field: another part of the screen asks for a choice. */
  openRequests?: number;
  /** Placed after the field, on its row (an "Add by ID" button). */
  children?: ReactNode;
}

/**
 * A catalog (assistants, workflows) as one WAI-ARIA combobox: type to search, arrows move, Enter picks, Esc closes;
 * the chosen item reads in the field while the list is closed. The feature owns the data; this owns the keyboard.
 */
export function CatalogPicker<T extends CatalogItem>(props: CatalogPickerProps<T>) {
  const { items, selected, search, onSearchChange, loading, loadMore } = props;
  // The person is typing a search: the field shows what they typed, not the chosen item's name.
  const [searching, setSearching] = useState(false);
  const stopSearching = () => {
    setSearching(false);
    if (search !== '') onSearchChange('');
  };
  const pick = (key: Key | null) => {
    const item = items.find((candidate) => candidate.id === key);
    if (!item) return;
    props.onSelect(item);
    const { onPicked } = props;
    // After the combobox has closed and put the keyboard back in its field.
    if (onPicked) requestAnimationFrame(() => onPicked());
  };
  return (
    <div className="catalog-picker">
      <ComboBox
        className="catalog-combobox"
        items={items}
        selectedKey={selected?.id ?? null}
        onSelectionChange={pick}
        inputValue={searching ? search : (selected?.name ?? '')}
        onInputChange={(value) => {
          setSearching(true);
          onSearchChange(value);
        }}
        onOpenChange={(open) => {
          // The next opening starts from the whole list.
          if (!open) stopSearching();
          props.onOpenChange?.(open);
        }}
        allowsEmptyCollection
        menuTrigger="manual"
      >
        <Label className="catalog-label">{props.label}</Label>
        <div className="catalog-field">
          {selected && !searching ? (
            <CatalogAvatar item={selected} />
          ) : (
            <span className="catalog-search-icon" aria-hidden="true" />
          )}
          {/* As wide as the chosen name (a search typed over it keeps that width): where the row has room, the name
              shows whole, so two names that start alike can be told apart. */}
          {/* The chosen item in full on hover, for a name the field is too narrow to show whole: on the field's box,
              not the input (a title on the input reads to axe as its only label where the caption is hidden). */}
          <span
            className="catalog-input-sizer"
            data-fits={selected?.name ?? props.placeholder}
            title={
              selected && !searching ? [selected.name, selected.description].filter(Boolean).join(' — ') : undefined
            }
          >
            <CatalogInput
              placeholder={props.placeholder}
              openRequests={props.openRequests ?? 0}
              onBlurClosed={stopSearching}
              showsChoice={!searching}
            />
          </span>
          {/* Named "Show list" plus the field's label (react-aria labels it by both). */}
          <Button className="catalog-toggle" aria-label="Show list">
            <span aria-hidden="true">▾</span>
          </Button>
        </div>
        <Popover className="catalog-popover" placement="bottom start" offset={4}>
          {props.error ? (
            <p role="alert" className="catalog-status field-error">
              {props.error}
            </p>
          ) : null}
          {props.notice && !loading ? <p className="catalog-status muted small">{props.notice}</p> : null}
          <ListBox<T>
            className="catalog-list"
            renderEmptyState={() => (
              <p className={loading ? 'catalog-status skeleton' : 'catalog-status muted'}>
                {loading ? props.loadingMessage : props.emptyMessage(search)}
              </p>
            )}
          >
            <Collection items={items}>{(item) => <CatalogOption item={item} />}</Collection>
            {loadMore ? (
              <ListBoxLoadMoreItem
                className="catalog-status skeleton"
                isLoading={loading}
                onLoadMore={() => (loading ? undefined : loadMore())}
              >
                Loading more…
              </ListBoxLoadMoreItem>
            ) : null}
          </ListBox>
          {loadMore && props.total !== undefined ? (
            <p className="catalog-status muted small">
              {items.length} of {props.total}: scroll for more
            </p>
          ) : null}
        </Popover>
      </ComboBox>
      {props.children}
    </div>
  );
}
