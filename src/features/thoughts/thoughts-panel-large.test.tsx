// The thoughts panel with a tree far taller than its box: rendered in windows, scrolled to what is revealed.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyThought, emptyThoughtTree, type ThoughtTree } from '@/domain/thoughts/thought-tree';
import type { WireThought } from '@/domain/wire';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import { wireThought } from '@/test/wire-thought';
import { ThoughtsPanel } from './thoughts-panel';
import { revealThought } from './thought-view-store';

const thought = (id: string, fields: Partial<WireThought> = {}) => wireThought(id, { in_progress: false, ...fields });

const treeOf = (...thoughts: WireThought[]): ThoughtTree => thoughts.reduce(applyThought, emptyThoughtTree);

// One person per test: what they opened is kept across the renders of that test (rows unmounted and mounted again).
let built: ReturnType<typeof servicesForTest>;
beforeEach(() => {
  built = servicesForTest({ start: false });
});
const render = (ui: ReactNode) => renderWithServices(ui, { with: built });
const view = () => built.services.thoughts.view;

// jsdom lays nothing out: here a scroll box is 600 px tall, every row 30 px, and scrolling moves `scrollTop` and
// fires `scroll`, as in a browser.
const scrolled = new WeakMap<Element, number>();
const layout: Record<string, PropertyDescriptor> = {
  clientHeight: { configurable: true, get: () => 600 },
  offsetHeight: { configurable: true, get: () => 30 },
  scrollTop: {
    configurable: true,
    get(this: HTMLElement) {
      return scrolled.get(this) ?? 0;
    },
    set(this: HTMLElement, top: number) {
      scrolled.set(this, Math.max(0, top));
      this.dispatchEvent(new Event('scroll'));
    },
  },
  scrollTo: {
    configurable: true,
    value(this: HTMLElement, options: ScrollToOptions) {
      this.scrollTop = options.top ?? this.scrollTop;
    },
  },
};

// Ten thousand thoughts, in a file of their own: the first test here also pays for loading the panel's modules.
describe('ThoughtsPanel with a large tree', { timeout: 15_000 }, () => {
  const original = Object.fromEntries(
    Object.keys(layout).map((key) => [
      key,
      Object.getOwnPropertyDescriptor(HTMLElement.prototype, key) ??
        Object.getOwnPropertyDescriptor(Element.prototype, key),
    ]),
  );
  beforeEach(() => Object.defineProperties(HTMLElement.prototype, layout));
  afterEach(() => {
    for (const [key, descriptor] of Object.entries(original)) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
    }
  });

  it('expands 10,000 thoughts at once mounting only a screenful, and still moves through them with the keyboard', async () => {
    const updates: WireThought[] = [];
    for (let agent = 0; agent < 100; agent += 1) {
      updates.push(thought(`agent-${agent}`));
      for (let tool = 0; tool < 99; tool += 1)
        updates.push(
          thought(`tool-${agent}-${tool}`, {
            parent_id: `agent-${agent}`,
            author_type: 'Tool',
            message: `result ${tool}`,
          }),
        );
    }
    render(<ThoughtsPanel tree={treeOf(...updates)} scope="c1" turnId="big" live seconds={undefined} />);
    expect(screen.getAllByRole('treeitem')).toHaveLength(100);
    await userEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    const tree = screen.getByRole('tree', { name: 'Thought tree' });
    const mounted = within(tree).getAllByRole('treeitem');
    expect(mounted.length).toBeGreaterThan(0);
    expect(mounted.length).toBeLessThan(60);
    const top = within(tree).getByRole('treeitem', { name: /^agent-0/ });
    expect(top).toHaveAttribute('aria-expanded', 'true');
    expect(top).toHaveAttribute('aria-setsize', '100');
    expect(within(tree).getByRole('treeitem', { name: /^tool-0-0\D/ })).toHaveAttribute('aria-level', '2');
    top.focus();
    await userEvent.keyboard('{End}');
    const last = await within(tree).findByRole('treeitem', { name: /^tool-99-98\D/ });
    await waitFor(() => expect(last).toHaveFocus());
    expect(last).toHaveAttribute('aria-posinset', '99');
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(tree).getByRole('treeitem', { name: /^agent-99/ })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(within(tree).getByRole('treeitem', { name: /^agent-0/ })).toHaveFocus());
    expect(within(tree).getAllByRole('treeitem').length).toBeLessThan(60);
  });

  it('opens a node find went to, with the nodes above it, and scrolls a large tree to it', async () => {
    const updates: WireThought[] = [];
    for (let agent = 0; agent < 30; agent += 1) {
      updates.push(thought(`agent-${agent}`));
      for (let tool = 0; tool < 20; tool += 1)
        updates.push(
          thought(`tool-${agent}-${tool}`, {
            parent_id: `agent-${agent}`,
            author_type: 'Tool',
            message: `result ${tool}`,
          }),
        );
    }
    render(<ThoughtsPanel tree={treeOf(...updates)} scope="c1" turnId="found" live={false} seconds={undefined} />);
    expect(screen.queryByRole('tree')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Thoughts · / }));
    await userEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    const tree = screen.getByRole('tree', { name: 'Thought tree' });
    // 630 rows: only those in the tree's box are mounted.
    expect(within(tree).queryByRole('treeitem', { name: /^tool-27-13\D/ })).toBeNull();
    act(() => revealThought(view(), 'found', ['tool-27-13', 'agent-27'], 'output'));
    const found = await within(tree).findByRole('treeitem', { name: /^tool-27-13\D/ });
    expect(found).toHaveAttribute('aria-expanded', 'true');
    expect(view().getState().reveal).toBeNull();

    // A closed panel and closed nodes open for it.
    act(() => view().getState().allSet('found', false));
    await userEvent.click(screen.getByRole('button', { name: /^Thoughts · / }));
    expect(screen.queryByRole('tree')).toBeNull();
    act(() => revealThought(view(), 'found', ['tool-3-2', 'agent-3']));
    expect(await screen.findByRole('treeitem', { name: /^tool-3-2\D/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('treeitem', { name: /^agent-3/ })).toHaveAttribute('aria-expanded', 'true');
  });
});
