import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyThought, emptyThoughtTree, type ThoughtTree } from '@/domain/thoughts/thought-tree';
import type { WireThought } from '@/domain/wire';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import { wireThought } from '@/test/wire-thought';
import { ThoughtsPanel } from './thoughts-panel';

const thought = (id: string, fields: Partial<WireThought> = {}) => wireThought(id, { in_progress: false, ...fields });

const treeOf = (...thoughts: WireThought[]): ThoughtTree => thoughts.reduce(applyThought, emptyThoughtTree);

const research = treeOf(
  thought('Researcher', { in_progress: true, message: 'Planning' }),
  thought('web_search', {
    parent_id: 'Researcher',
    author_type: 'Tool',
    input_text: '{"query":"solar"}',
    message: 'Found 3 pages',
    metadata: { tool_name: 'web_search', duration_ms: 1200 },
  }),
  thought('fetch_page', { parent_id: 'Researcher', author_type: 'Tool', error: true, message: 'HTTP 503' }),
  thought('Summary', { parent_id: 'Researcher', output_format: 'markdown', message: '- **bold** point' }),
);

// One person per test: what they opened is kept across the renders of that test (rows unmounted and mounted again).
let built: ReturnType<typeof servicesForTest>;
beforeEach(() => {
  built = servicesForTest({ start: false });
});
const render = (ui: ReactNode) => renderWithServices(ui, { with: built });

describe('ThoughtsPanel', () => {
  it('summarises the tree and opens it in place', async () => {
    render(<ThoughtsPanel tree={research} scope="c1" turnId="t1" live={false} seconds={3.42} />);
    const summary = screen.getByRole('button', { name: 'Thoughts · 4 steps · 2 tools · 1 error · 3.4 s' });
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(summary);
    expect(screen.getByRole('treeitem', { name: /^Researcher/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens running nodes, collapses finished ones, and shows each node’s details when opened', async () => {
    render(<ThoughtsPanel tree={research} scope="c1" turnId="t1" live seconds={undefined} />);
    const search = screen.getByRole('treeitem', { name: /^web_search/ });
    expect(search).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Found 3 pages')).toBeNull();
    await userEvent.click(search);
    expect(screen.getByText('Found 3 pages')).toBeInTheDocument();
    expect(screen.getByText(/"query": "solar"/)).toBeInTheDocument();
    expect(within(search).getByText('1.2 s')).toBeInTheDocument();
    expect(screen.getByRole('treeitem', { name: /^fetch_page.*error/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('treeitem', { name: /^Summary/ }));
    expect((await screen.findByText('bold', undefined, { timeout: 5000 })).tagName).toBe('STRONG');
  });

  it('moves and toggles with the keyboard as a tree does', async () => {
    render(<ThoughtsPanel tree={research} scope="c1" turnId="t1" live seconds={undefined} />);
    const root = screen.getByRole('treeitem', { name: /^Researcher/ });
    root.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('treeitem', { name: /^web_search/ })).toHaveFocus();
    // One Tab stop for the whole tree: the header last focused.
    expect(screen.getByRole('treeitem', { name: /^web_search/ })).toHaveAttribute('tabindex', '0');
    expect(root).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('treeitem', { name: /^web_search/ })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('treeitem', { name: /^web_search/ })).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowLeft}');
    expect(root).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('treeitem', { name: /^Summary/ })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(root).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(root).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('treeitem', { name: /^web_search/ })).toBeNull();
  });

  it('keeps a running node open while focus is inside it, even after it finishes', async () => {
    const running = treeOf(
      thought('agent', { in_progress: true }),
      thought('tool', { parent_id: 'agent', author_type: 'Tool' }),
    );
    const { rerender } = render(<ThoughtsPanel tree={running} scope="c1" turnId="t1" live seconds={undefined} />);
    screen.getByRole('treeitem', { name: /^tool/ }).focus();
    rerender(
      <ThoughtsPanel
        tree={applyThought(running, thought('agent', { in_progress: false }))}
        scope="c1"
        turnId="t1"
        live
        seconds={undefined}
      />,
    );
    expect(screen.getByRole('treeitem', { name: /^agent/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('treeitem', { name: /^tool/ })).toHaveFocus();
  });

  it('expands and collapses everything, and hides tool outputs for this conversation', async () => {
    render(<ThoughtsPanel tree={research} scope="c1" turnId="t1" live seconds={undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByText('Found 3 pages')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Hide tool outputs'));
    expect(screen.queryByText('Found 3 pages')).toBeNull();
    expect(screen.getAllByText('Tool output hidden.')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(screen.queryByRole('treeitem', { name: /^web_search/ })).toBeNull();
  });

  it('cuts a very long output with show more', async () => {
    const long = Array.from({ length: 100 }, (_, index) => `line ${index}`).join('\n');
    render(
      <ThoughtsPanel
        tree={treeOf(thought('tool', { author_type: 'Tool', message: long, in_progress: true }))}
        scope="c1"
        turnId="t1"
        live
        seconds={undefined}
      />,
    );
    expect(screen.queryByText(/line 99/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show more (70 more lines)' }));
    expect(screen.getByText(/line 99/)).toBeInTheDocument();
  });

  it('updates a running node live without re-creating its finished siblings', () => {
    const first = treeOf(thought('a'), thought('b', { in_progress: true, message: 'step' }));
    const { rerender } = render(<ThoughtsPanel tree={first} scope="c1" turnId="t1" live seconds={undefined} />);
    const finished = screen.getByRole('treeitem', { name: /^a/ });
    act(() =>
      rerender(
        <ThoughtsPanel
          tree={applyThought(first, thought('b', { in_progress: false, message: ' done' }))}
          scope="c1"
          turnId="t1"
          live
          seconds={undefined}
        />,
      ),
    );
    expect(screen.getByRole('treeitem', { name: /^a/ })).toBe(finished);
    expect(screen.getByRole('treeitem', { name: /^b/ })).toHaveTextContent('completed');
  });

  it('keeps what was open per turn: the same thought in another turn has its own state', async () => {
    render(
      <>
        <ThoughtsPanel tree={research} scope="c1" turnId="first" live seconds={undefined} />
        <ThoughtsPanel tree={research} scope="c1" turnId="second" live seconds={undefined} />
      </>,
    );
    const [first, second] = screen.getAllByRole('treeitem', { name: /^web_search/ });
    await userEvent.click(first as HTMLElement);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('comes back as it was left after being unmounted (a turn scrolled out of the transcript)', async () => {
    const long = Array.from({ length: 100 }, (_, index) => `line ${index}`).join('\n');
    const tree = treeOf(thought('agent'), thought('tool', { parent_id: 'agent', author_type: 'Tool', message: long }));
    const { unmount } = render(<ThoughtsPanel tree={tree} scope="c1" turnId="t1" live={false} seconds={1} />);
    await userEvent.click(screen.getByRole('button', { name: /^Thoughts · 2 steps/ }));
    await userEvent.click(screen.getByRole('treeitem', { name: /^agent/ }));
    await userEvent.click(screen.getByRole('treeitem', { name: /^tool/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Show more (70 more lines)' }));
    unmount();
    render(<ThoughtsPanel tree={tree} scope="c1" turnId="t1" live={false} seconds={1} />);
    expect(screen.getByRole('button', { name: /^Thoughts · 2 steps/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('treeitem', { name: /^tool/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/line 99/)).toBeInTheDocument();
  });

  it('keeps a tree that opened while streaming open after the stream ends and it is mounted again', () => {
    const { unmount } = render(<ThoughtsPanel tree={research} scope="c1" turnId="t1" live seconds={undefined} />);
    unmount();
    render(<ThoughtsPanel tree={research} scope="c1" turnId="t1" live={false} seconds={2} />);
    expect(screen.getByRole('button', { name: /^Thoughts · 4 steps/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows a huge tool output cut, a page on request, and all of it only when asked', async () => {
    const huge = 'x'.repeat(5_000_000);
    render(
      <ThoughtsPanel
        tree={treeOf(thought('tool', { author_type: 'Tool', message: huge, in_progress: true }))}
        scope="c1"
        turnId="t1"
        live
        seconds={undefined}
      />,
    );
    const output = () => document.querySelector('.thought-output')?.textContent ?? '';
    expect(output()).toHaveLength(3000);
    await userEvent.click(screen.getByRole('button', { name: 'Show more (4,997,000 more characters)' }));
    expect(output()).toHaveLength(100_000);
    await userEvent.click(screen.getByRole('button', { name: 'Show all (4,900,000 more characters)' }));
    expect(output()).toHaveLength(5_000_000);
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(output()).toHaveLength(3000);
  });
});
