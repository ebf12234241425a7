import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { arrivalsOf, withArrivals, type ArrivalTimes } from '@/domain/timeline/arrival-times';
import { applyThought, emptyThoughtTree } from '@/domain/thoughts/thought-tree';
import type { WireThought } from '@/domain/wire';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import { wireThought } from '@/test/wire-thought';
import { ThoughtsPanel } from '@/features/thoughts/thoughts-panel';

/** The times with a batch of thoughts seen at `at`. */
const recordArrivals = (times: ArrivalTimes, thoughts: readonly WireThought[], at: number): ArrivalTimes =>
  withArrivals(times, arrivalsOf(times, thoughts, at));

const thought = (id: string, fields: Partial<WireThought> = {}) => wireThought(id, { in_progress: false, ...fields });

let built: ReturnType<typeof servicesForTest>;
beforeEach(() => {
  built = servicesForTest({ start: false });
  built.services.thoughts.view.getState().layoutChosen('timeline');
});
const tool = { parent_id: 'Researcher', author_type: 'Tool', metadata: { replay_type: 'tool' } };
const render = (ui: ReactNode) => renderWithServices(ui, { with: built });

describe('the thoughts as a timeline', () => {
  it('draws one bar per node from arrival times, tools side by side, and opens a node in the tree with Enter', async () => {
    const batches: [number, WireThought[]][] = [
      [1000, [thought('Researcher', { in_progress: true })]],
      [1100, [thought('web_search', { ...tool, in_progress: true })]],
      [1200, [thought('fetch_page', { ...tool, in_progress: true })]],
      [1500, [thought('web_search', { ...tool, message: 'Found 3 pages' })]],
      [2100, [thought('fetch_page', tool), thought('Researcher')]],
    ];
    let tree = emptyThoughtTree;
    let times = {};
    for (const [at, thoughts] of batches) {
      tree = thoughts.reduce(applyThought, tree);
      times = recordArrivals(times, thoughts, at);
    }
    render(<ThoughtsPanel tree={tree} times={times} scope="c1" turnId="t1" live={false} seconds={1.1} startOpen />);
    const list = screen.getByRole('list', { name: 'Timeline of thoughts' });
    const bars = within(list).getAllByRole('button');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'Researcher, agent, 1.1 s, started at +0.0 s',
      'web_search, tool call, 0.4 s, started at +0.1 s, in parallel',
      'fetch_page, tool call, 0.9 s, started at +0.2 s, in parallel, slowest',
    ]);
    expect(within(bars[2] as HTMLElement).getByText('slowest')).toBeInTheDocument();

    (bars[0] as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(bars[1]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const node = await screen.findByRole('treeitem', { name: /^web_search/ });
    await waitFor(() => expect(node).toHaveFocus());
    expect(node).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Found 3 pages')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tree' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps 10,000 bars to a screenful mounted, and moves through them with the keyboard', async () => {
    const updates: WireThought[] = [];
    for (let agent = 0; agent < 100; agent += 1) {
      updates.push(thought(`agent-${agent}`));
      for (let tool = 0; tool < 99; tool += 1)
        updates.push(thought(`tool-${agent}-${tool}`, { parent_id: `agent-${agent}`, author_type: 'Tool' }));
    }
    const tree = updates.reduce(applyThought, emptyThoughtTree);
    const times = recordArrivals({}, updates, 5);
    // jsdom lays nothing out: the scroll box and each row get the heights a browser gives them.
    const height = vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
      return this.classList.contains('timebar-list-scroll') ? 576 : 0;
    });
    const rowHeight = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains('thought-tree-slot') ? 30 : 0;
    });
    onTestFinished(() => {
      height.mockRestore();
      rowHeight.mockRestore();
    });
    render(
      <ThoughtsPanel tree={tree} times={times} scope="c1" turnId="big" live={false} seconds={undefined} startOpen />,
    );
    const list = screen.getByRole('list', { name: 'Timeline of thoughts' });
    const mounted = await within(list).findAllByRole('listitem');
    expect(mounted.length).toBeGreaterThan(0);
    expect(mounted.length).toBeLessThan(60);
    expect(mounted[0]).toHaveAttribute('aria-setsize', '10000');
    within(list)
      .getByRole('button', { name: /^agent-0,/ })
      .focus();
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(within(list).getByRole('button', { name: /^tool-99-98,/ })).toHaveFocus());
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(within(list).getByRole('button', { name: /^agent-0,/ })).toHaveFocus());
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(60);
  }, 30_000);

  it('offers no timeline for a tree with no time anywhere (read back whole), and none where the page says so', () => {
    const tree = [thought('Researcher'), thought('web_search', tool)].reduce(applyThought, emptyThoughtTree);
    const { unmount } = render(
      <ThoughtsPanel tree={tree} scope="c1" turnId="untimed" live={false} seconds={undefined} startOpen />,
    );
    expect(screen.getByRole('tree', { name: 'Thought tree' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Show as' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Timeline of thoughts' })).toBeNull();
    unmount();

    const times = recordArrivals({}, [thought('Researcher')], 5);
    render(
      <ThoughtsPanel
        tree={tree}
        times={times}
        scope="c1"
        turnId="run"
        live={false}
        seconds={undefined}
        startOpen
        timeline={false}
      />,
    );
    expect(screen.getByRole('tree', { name: 'Thought tree' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Show as' })).toBeNull();
  });
});
