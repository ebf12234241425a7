import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithServices } from '@/test/render-with-services';
import { AssistantPicker } from './assistant-picker';

const catalog = Array.from({ length: 25 }, (_, index) => ({
  id: `a1000000-0000-4000-8000-0000000000${String(index).padStart(2, '0')}`,
  name: `Assistant ${index}`,
  description: index === 7 ? 'Knows about invoices' : 'General help',
}));

/** A fake server with the catalog endpoint, or without it (404) like servers that predate it. */
function serve(withCatalog: boolean) {
  const requests: string[] = [];
  const fetchImpl: typeof fetch = async (input) => {
    const url = new URL(String(input));
    requests.push(url.pathname + url.search);
    if (!withCatalog)
      return new Response('{"detail":"Not Found"}', { status: 404, headers: { 'content-type': 'application/json' } });
    const page = Number(url.searchParams.get('page'));
    const perPage = Number(url.searchParams.get('per_page'));
    const search =
      (JSON.parse(url.searchParams.get('filters') ?? '{}') as { search?: string }).search?.toLowerCase() ?? '';
    const found = catalog.filter((item) => `${item.name} ${item.description}`.toLowerCase().includes(search));
    const body = {
      data: found.slice(page * perPage, (page + 1) * perPage),
      pagination: { page, per_page: perPage, total: found.length, pages: Math.ceil(found.length / perPage) },
    };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  server = fetchImpl;
  return requests;
}

let server: typeof fetch | undefined;
let rendered: ReturnType<typeof renderWithServices> | undefined;

function renderPicker(fallback = [{ id: 'f0000000-0000-4000-8000-000000000001', name: 'Configured helper' }]) {
  rendered = renderWithServices(<AssistantPicker fallback={fallback} conversationId="c1" />, {
    ...(server ? { fetch: server } : {}),
    start: false,
  });
}

// jsdom lays nothing out and has no IntersectionObserver (the list asks for its next page as its end comes into
// sight): this one says the end is in sight when a test calls the last observer.
let observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
beforeEach(() => {
  server = undefined;
  observers = [];
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
});
afterEach(() => vi.unstubAllGlobals());

const field = () => screen.getByRole('combobox', { name: 'Assistant' });
const selection = () => rendered!.services.chat.selection.getState();
const chosen = () => selection().assistant;

// Each test types and clicks through a real react-aria combobox in jsdom: seconds on a loaded two-core machine.
describe('AssistantPicker', { timeout: 20_000 }, () => {
  it('lists the server’s assistants page by page as the list scrolls, and picks one', async () => {
    serve(true);
    renderPicker();
    expect(field()).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Show list Assistant' }));
    expect(await screen.findByRole('option', { name: 'Assistant 19' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Assistant 20' })).toBeNull();
    expect(screen.getByText('20 of 25: scroll for more')).toBeInTheDocument();
    act(() => observers.at(-1)?.([{ isIntersecting: true }]));
    await userEvent.click(await screen.findByRole('option', { name: 'Assistant 24' }));
    expect(chosen()?.name).toBe('Assistant 24');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field()).toHaveValue('Assistant 24');
  });

  it('is a combobox: arrows move through the options, Enter picks and the field keeps the keyboard', async () => {
    serve(true);
    renderPicker();
    await userEvent.click(field());
    await screen.findByRole('option', { name: 'Assistant 1' });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1];
    expect(field()).toHaveAttribute('aria-activedescendant', second?.id);
    await userEvent.keyboard('{Enter}');
    expect(chosen()?.name).toBe(second?.querySelector('[slot=label]')?.textContent);
    expect(field()).toHaveValue(chosen()?.name);
    expect(field()).toHaveFocus();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('searches on the server once the typing pauses, not once per key', async () => {
    const requests = serve(true);
    renderPicker();
    await userEvent.click(field());
    await userEvent.keyboard('invoices');
    expect(await screen.findByRole('option', { name: 'Assistant 7' })).toHaveAccessibleDescription(
      'Knows about invoices',
    );
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Assistant 1' })).toBeNull());
    await waitFor(() =>
      expect(requests.some((request) => request.includes(encodeURIComponent('{"search":"invoices"}')))).toBe(true),
    );
    // The first page without a search, then searches only where the typing paused: not one per key ("i", "in",
    // "inv"…). Typed at once that is one search; a loaded machine may pause jsdom mid-word, so fewer than half the keys.
    const searches = requests.filter((request) => request.includes('filters='));
    expect(searches.length).toBeGreaterThanOrEqual(1);
    expect(searches.length).toBeLessThan('invoices'.length / 2);
    // Esc closes, puts back what was chosen (nothing) and the next opening starts from the whole list.
    await userEvent.keyboard('{Escape}');
    expect(field()).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Show list Assistant' }));
    expect(await screen.findByRole('option', { name: 'Assistant 1' })).toBeInTheDocument();
  });

  it('falls back to the configured assistants when the server has no catalog', async () => {
    serve(false);
    renderPicker();
    await userEvent.click(field());
    expect(
      await screen.findByText('This server has no assistant list; showing the configured ones.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Configured helper' }));
    expect(chosen()?.id).toBe('f0000000-0000-4000-8000-000000000001');
  });

  it('opens with the keyboard in the field when the chat asks for another assistant', async () => {
    serve(true);
    renderPicker();
    act(() => selection().assistantPickerRequested());
    expect(field()).toHaveFocus();
    expect(await screen.findByRole('option', { name: 'Assistant 0' })).toBeInTheDocument();
  });

  it('adds an assistant by a valid UUID and explains a bad one', async () => {
    serve(false);
    renderPicker([]);
    await userEvent.click(screen.getByRole('button', { name: 'Add by ID' }));
    expect(screen.getByLabelText('Add an assistant by ID')).toHaveFocus();
    await userEvent.keyboard('not-an-id');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      '“not-an-id” is not a UUID (it has 9 characters, a UUID has 36)',
    );
    await userEvent.clear(screen.getByLabelText('Add an assistant by ID'));
    await userEvent.type(screen.getByLabelText('Add an assistant by ID'), 'B2000000-0000-4000-8000-0000000000AA');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(chosen()).toEqual({ id: 'b2000000-0000-4000-8000-0000000000aa', name: 'Assistant b2000000' });
    expect(selection().addedAssistants).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field()).toHaveValue('Assistant b2000000');
  });
});
