import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithServices } from '@/test/render-with-services';
import { AssistantPicker } from './assistant-picker';

interface Entry {
  id: string;
  name: string;
  description: string;
  /** What the server searches too but does not send (its owner's team, say). */
  unsent?: string;
}

const catalog: Entry[] = Array.from({ length: 25 }, (_, index) => ({
  id: `a1000000-0000-4000-8000-0000000000${String(index).padStart(2, '0')}`,
  name: `Assistant ${index}`,
  description: index === 7 ? 'Knows about invoices' : 'General help',
}));

/**
 * A fake server with the catalog endpoint, or without it (404) like servers that predate it; one that searches, or
 * one that ignores the search and always sends its whole list.
 */
function serve(
  withCatalog: boolean,
  { entries = catalog, filters = true }: { entries?: Entry[]; filters?: boolean } = {},
) {
  const requests: string[] = [];
  const fetchImpl: typeof fetch = async (input) => {
    const url = new URL(String(input));
    requests.push(url.pathname + url.search);
    if (!withCatalog)
      return new Response('{"detail":"Not Found"}', { status: 404, headers: { 'content-type': 'application/json' } });
    const page = Number(url.searchParams.get('page'));
    const perPage = Number(url.searchParams.get('per_page'));
    const search = filters
      ? ((JSON.parse(url.searchParams.get('filters') ?? '{}') as { search?: string }).search?.toLowerCase() ?? '')
      : '';
    const found = entries.filter((item) =>
      `${item.name} ${item.description} ${item.unsent ?? ''}`.toLowerCase().includes(search),
    );
    const body = {
      data: found.map(({ unsent: _, ...sent }) => sent).slice(page * perPage, (page + 1) * perPage),
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
    // Found by its description, which says so.
    expect(await screen.findByRole('option', { name: 'Assistant 7' })).toHaveAccessibleDescription(
      'Matches the description. Knows about invoices',
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

  // As the local platform lists them: the one whose description mentions records comes first.
  const unhelpful: Entry[] = [
    { id: 'a1000000-0000-4000-8000-000000000010', name: 'Tenant Data', description: 'Returns the records of a tenant' },
    { id: 'a1000000-0000-4000-8000-000000000011', name: 'General Assistant', description: 'Answers anything' },
    { id: 'a1000000-0000-4000-8000-000000000012', name: 'Records Keeper', description: 'Asks before it deletes' },
  ];
  it.each([
    ['searches', true],
    ['ignores the search', false],
  ])('offers the best match first, and Enter takes it (records + Enter), from a server that %s', async (_, filters) => {
    const requests = serve(true, { entries: unhelpful, filters });
    renderPicker();
    await userEvent.click(field());
    await screen.findByRole('option', { name: 'General Assistant' });
    await userEvent.keyboard('records');
    // Once the server has answered for the text: one that ignores the search sends its whole list, and what the text
    // fits nowhere is not offered.
    await waitFor(() => expect(requests.some((request) => request.includes('records'))).toBe(true));
    await waitFor(() => expect(rendered?.queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('option', { name: 'General Assistant' })).toBeNull();
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.querySelector('[slot=label]')?.textContent)).toEqual([
      'Records Keeper',
      'Tenant Data',
    ]);
    // Why each is offered: the name's matching part is marked; a match elsewhere says where.
    expect(options[0]?.querySelector('mark')?.textContent).toBe('Records');
    expect(options[1]).toHaveAccessibleDescription('Matches the description. Returns the records of a tenant');
    expect(field()).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await userEvent.keyboard('{Enter}');
    expect(chosen()?.name).toBe('Records Keeper');
  });

  it('keeps what only a searching server matched, last, and says the server found it', async () => {
    const requests = serve(true, {
      entries: [
        { id: 'a1000000-0000-4000-8000-000000000020', name: 'Auditor', description: 'Checks', unsent: 'finance team' },
        { id: 'a1000000-0000-4000-8000-000000000021', name: 'Finance Helper', description: 'Budgets' },
        { id: 'a1000000-0000-4000-8000-000000000022', name: 'Writer', description: 'Drafts' },
      ],
    });
    renderPicker();
    await userEvent.click(field());
    await screen.findByRole('option', { name: 'Writer' });
    await userEvent.keyboard('finance');
    await waitFor(() => expect(requests.some((request) => request.includes('finance'))).toBe(true));
    await waitFor(() => expect(rendered?.queryClient.isFetching()).toBe(0));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.querySelector('[slot=label]')?.textContent)).toEqual([
      'Finance Helper',
      'Auditor',
    ]);
    expect(options[1]).toHaveAccessibleDescription('Found by the server (not in its name or description). Checks');
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
