import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyThought, emptyThoughtTree, type ThoughtTree } from '@/domain/thought-tree';
import type { WireThought } from '@/domain/wire';
import { wireThought } from '@/test/wire-thought';
import { ThoughtsPanel } from './thoughts-panel';
import { useThoughtViewStore } from './thought-view-store';

const thought = (id: string, fields: Partial<WireThought> = {}) => wireThought(id, { in_progress: false, ...fields });

const treeOf = (...thoughts: WireThought[]): ThoughtTree => thoughts.reduce(applyThought, emptyThoughtTree);

const research = treeOf(
  thought('Researcher', { in_progress: true, message: 'Planning' }),
  thought('web_search', { parent_id: 'Researcher', author_type: 'Tool', input_text: '{"query":"solar"}', message: 'Found 3 pages', metadata: { tool_name: 'web_search', duration_ms: 1200 } }),
  thought('fetch_page', { parent_id: 'Researcher', author_type: 'Tool', error: true, message: 'HTTP 503' }),
  thought('Summary', { parent_id: 'Researcher', output_format: 'markdown', message: '- **bold** point' }),
);

beforeEach(() => useThoughtViewStore.setState({ expanded: {}, toolOutputsHidden: {} }));

describe('ThoughtsPanel', () => {
  it('summarises the tree and opens it in place', async () => {
    render(<ThoughtsPanel tree={research} scope="c1" live={false} seconds={3.42} />);
    const summary = screen.getByRole('button', { name: 'Thoughts · 4 steps · 2 tools · 1 error · 3.4 s' });
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(summary);
    expect(screen.getByRole('button', { name: /^Researcher/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens running nodes, collapses finished ones, and shows each node’s details when opened', async () => {
    render(<ThoughtsPanel tree={research} scope="c1" live seconds={undefined} />);
    const search = screen.getByRole('button', { name: /^web_search/ });
    expect(search).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Found 3 pages')).toBeNull();
    await userEvent.click(search);
    expect(screen.getByText('Found 3 pages')).toBeInTheDocument();
    expect(screen.getByText(/"query": "solar"/)).toBeInTheDocument();
    expect(within(search).getByText('1.2 s')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^fetch_page.*error/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Summary/ }));
    expect(screen.getByText('bold').tagName).toBe('STRONG');
  });

  it('moves and toggles with the keyboard as a tree does', async () => {
    render(<ThoughtsPanel tree={research} scope="c1" live seconds={undefined} />);
    const root = screen.getByRole('button', { name: /^Researcher/ });
    root.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: /^web_search/ })).toHaveFocus();
    // One Tab stop for the whole tree: the header last focused.
    expect(screen.getByRole('button', { name: /^web_search/ })).toHaveAttribute('tabindex', '0');
    expect(root).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: /^web_search/ })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: /^web_search/ })).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowLeft}');
    expect(root).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('button', { name: /^Summary/ })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(root).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(root).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: /^web_search/ })).toBeNull();
  });

  it('keeps a running node open while focus is inside it, even after it finishes', async () => {
    const running = treeOf(thought('agent', { in_progress: true }), thought('tool', { parent_id: 'agent', author_type: 'Tool' }));
    const { rerender } = render(<ThoughtsPanel tree={running} scope="c1" live seconds={undefined} />);
    screen.getByRole('button', { name: /^tool/ }).focus();
    rerender(<ThoughtsPanel tree={applyThought(running, thought('agent', { in_progress: false }))} scope="c1" live seconds={undefined} />);
    expect(screen.getByRole('button', { name: /^agent/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /^tool/ })).toHaveFocus();
  });

  it('expands and collapses everything, and hides tool outputs for this conversation', async () => {
    render(<ThoughtsPanel tree={research} scope="c1" live seconds={undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByText('Found 3 pages')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Hide tool outputs'));
    expect(screen.queryByText('Found 3 pages')).toBeNull();
    expect(screen.getAllByText('Tool output hidden.')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(screen.queryByRole('button', { name: /^web_search/ })).toBeNull();
  });

  it('cuts a very long output with show more', async () => {
    const long = Array.from({ length: 100 }, (_, index) => `line ${index}`).join('\n');
    render(<ThoughtsPanel tree={treeOf(thought('tool', { author_type: 'Tool', message: long, in_progress: true }))} scope="c1" live seconds={undefined} />);
    expect(screen.queryByText(/line 99/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show more (70 more lines)' }));
    expect(screen.getByText(/line 99/)).toBeInTheDocument();
  });

  it('updates a running node live without re-creating its finished siblings', () => {
    const first = treeOf(thought('a'), thought('b', { in_progress: true, message: 'step' }));
    const { rerender } = render(<ThoughtsPanel tree={first} scope="c1" live seconds={undefined} />);
    const finished = screen.getByRole('button', { name: /^a/ });
    act(() => rerender(<ThoughtsPanel tree={applyThought(first, thought('b', { in_progress: false, message: ' done' }))} scope="c1" live seconds={undefined} />));
    expect(screen.getByRole('button', { name: /^a/ })).toBe(finished);
    expect(screen.getByRole('button', { name: /^b/ })).toHaveTextContent('completed');
  });
});
