import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CatalogPicker, type CatalogItem } from './catalog-picker';

const fruits: CatalogItem[] = [
  { id: 'apple', name: 'Apple', description: 'Crisp and red' },
  { id: 'apricot', name: 'Apricot', description: 'Soft and orange' },
  { id: 'banana', name: 'Banana' },
  { id: 'cherry', name: 'Cherry', description: 'Small and dark' },
];

interface HarnessProps {
  items?: CatalogItem[];
  loading?: boolean;
  error?: string;
  loadMore?: () => void;
  searches?: string[];
  onPicked?: () => void;
}

/** A feature as the pickers are: it owns the search and narrows its catalog by it. */
function Harness({ items = fruits, loading = false, error, loadMore, searches = [], onPicked }: HarnessProps) {
  const [selected, setSelected] = useState<CatalogItem | null>(fruits[2] ?? null);
  const [search, setSearch] = useState('');
  const shown = items.filter((item) => item.name.toLowerCase().includes(search.toLowerCase()));
  return (
    <>
      <CatalogPicker
        label="Fruit"
        placeholder="Search fruit"
        items={shown}
        selected={selected}
        onSelect={setSelected}
        {...(onPicked ? { onPicked } : {})}
        search={search}
        onSearchChange={(value) => {
          searches.push(value);
          setSearch(value);
        }}
        loading={loading}
        error={error}
        loadingMessage="Loading fruit…"
        emptyMessage={(typed) => `No fruit matches “${typed}”.`}
        loadMore={loadMore}
        total={40}
      />
      <output aria-label="Chosen">{selected?.name}</output>
    </>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Fruit' });

afterEach(() => vi.unstubAllGlobals());

// Each test types and clicks through a real react-aria combobox in jsdom: seconds on a loaded two-core machine.
describe('CatalogPicker', { timeout: 20_000 }, () => {
  it('shows the chosen item while closed; typing searches, the arrows move and Enter picks', async () => {
    const searches: string[] = [];
    render(<Harness searches={searches} />);
    expect(field()).toHaveValue('Banana');
    // A name too long for the field reads whole (with its description) on hover over its box.
    expect(field().parentElement).toHaveAttribute('title', 'Banana');
    await userEvent.click(field());
    // The click selects the chosen name, so typing replaces it with a search.
    await userEvent.keyboard('ap');
    expect(field()).toHaveValue('ap');
    expect(searches.at(-1)).toBe('ap');
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.querySelector('[slot=label]')?.textContent),
    ).toEqual(['Apple', 'Apricot']);
    expect(screen.getByRole('option', { name: 'Apricot' })).toHaveAccessibleDescription('Soft and orange');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Apricot' }).id);
    await userEvent.keyboard('{ArrowUp}');
    expect(field()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Apple' }).id);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('Apple');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field()).toHaveValue('Apple');
    expect(field()).toHaveFocus();
    // The next opening starts from the whole list.
    expect(searches.at(-1)).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Show list Fruit' }));
    expect(screen.getAllByRole('option')).toHaveLength(4);
    expect(screen.getByRole('option', { name: 'Apple' })).toHaveAttribute('aria-selected', 'true');
  });

  it('highlights the first match as one types: Enter takes it, and the keyboard moves on', async () => {
    const picked = vi.fn();
    render(<Harness onPicked={picked} />);
    await userEvent.click(field());
    await userEvent.keyboard('apr');
    expect(field()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Apricot' }).id);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('Apricot');
    await vi.waitFor(() => expect(picked).toHaveBeenCalledTimes(1));
    // A new search highlights its own first match; the arrows still choose another.
    await userEvent.tab();
    await userEvent.click(field());
    await userEvent.keyboard('a');
    expect(field()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Apple' }).id);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('Apricot');
  });

  it('Esc closes the list and puts the chosen name back, choosing nothing', async () => {
    const searches: string[] = [];
    render(<Harness searches={searches} />);
    await userEvent.click(field());
    await userEvent.keyboard('ch{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Cherry' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field()).toHaveValue('Banana');
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('Banana');
    expect(searches.at(-1)).toBe('');
  });

  it('says in the list when nothing matches, while it loads, and why the catalog could not be read', async () => {
    const { unmount } = render(<Harness />);
    await userEvent.click(field());
    await userEvent.keyboard('kiwi');
    expect(screen.getByRole('listbox')).toHaveTextContent('No fruit matches “kiwi”.');
    unmount();

    const loading = render(<Harness items={[]} loading />);
    await userEvent.click(field());
    expect(screen.getByRole('listbox')).toHaveTextContent('Loading fruit…');
    loading.unmount();

    render(<Harness items={[]} error="Could not load fruit: the server is down." />);
    await userEvent.click(field());
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load fruit: the server is down.');
    expect(screen.getByRole('listbox')).toHaveTextContent('No fruit matches “”.');
  });

  it('draws an item’s icon only from a data: image or this origin, else the first letter of its name', async () => {
    const pixel = 'data:image/png;base64,iVBORw0KGgo=';
    const items: CatalogItem[] = [
      { id: 'a', name: 'apple', iconUrl: pixel },
      { id: 'b', name: 'Banana', iconUrl: 'javascript:alert(1)' },
      { id: 'c', name: 'Cherry', iconUrl: 'https://elsewhere.example/cherry.png' },
      { id: 'd', name: 'Date', iconUrl: '/icons/date.png' },
    ];
    render(<Harness items={items} />);
    await userEvent.click(field());
    const avatar = (name: string) => screen.getByRole('option', { name }).querySelector('.catalog-avatar');
    expect(avatar('apple')).toHaveAttribute('src', pixel);
    expect(avatar('Banana')?.tagName).toBe('SPAN');
    expect(avatar('Banana')).toHaveTextContent('B');
    expect(avatar('Cherry')).toHaveTextContent('C');
    expect(avatar('Date')).toHaveAttribute('src', '/icons/date.png');
  });

  it('asks for the next page when the end of the list comes into sight, not while a page is loading', async () => {
    // jsdom lays nothing out: this IntersectionObserver reports the end of the list in sight once the test says so.
    const observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const loadMore = vi.fn();
    const idle = render(<Harness loadMore={loadMore} />);
    await userEvent.click(field());
    expect(screen.getByText('4 of 40: scroll for more')).toBeInTheDocument();
    expect(loadMore).not.toHaveBeenCalled();
    observers.at(-1)?.([{ isIntersecting: true }]);
    expect(loadMore).toHaveBeenCalledTimes(1);
    idle.unmount();

    render(<Harness loadMore={loadMore} loading />);
    await userEvent.click(field());
    expect(screen.getByRole('listbox')).toHaveTextContent('Loading more…');
    observers.at(-1)?.([{ isIntersecting: true }]);
    expect(loadMore).toHaveBeenCalledTimes(1);
  });
});
