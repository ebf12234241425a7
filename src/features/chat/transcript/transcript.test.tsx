import { act, fireEvent, screen } from '@testing-library/react';
import { Profiler, type ReactNode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { turnFixture } from '@/test/conversation-turns';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import { Composer } from '@/features/chat/composer/composer';
import { Transcript } from './transcript';
import type { Turn } from '@/features/chat/runtime/turn';
import { TurnAnnouncer } from './turn-announcer';
import type { TurnActions } from './turn-actions';
import type * as AnswerStatusModule from './answer-status';

// Each test gets a signed-in person's services, idle: its chat store is driven here by the events the runtime sends.
let current: ReturnType<typeof servicesForTest>;
const store = () => current.services.chat.store;
const render = (ui: ReactNode, options: { container?: HTMLElement } = {}) =>
  renderWithServices(ui, { with: current, ...options });

// Each row's status line renders exactly when its turn view does: the probe counts renders per turn.
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('./answer-status', async (importOriginal) => ({
  ...(await importOriginal<typeof AnswerStatusModule>()),
  AnswerStatus: ({ turn }: { turn: { id: string } }) => {
    renders.set(turn.id, (renders.get(turn.id) ?? 0) + 1);
    return null;
  },
}));

const conversationId = 'c1';
const actions: TurnActions = {
  busy: false,
  retry: vi.fn(),
  edit: vi.fn(),
  sendEdit: vi.fn(),
  sendBlocked: null,
  selectVersion: vi.fn(),
  signIn: vi.fn(),
  pickAssistant: vi.fn(),
  pickModel: vi.fn(),
};

function conversation(count: number): Turn[] {
  return Array.from({ length: count }, (_, index) => turnFixture(`t${index}`, index ? `t${index - 1}` : null, index));
}

function openWithLiveLastTurn(count: number): Turn {
  const turns = conversation(count);
  const live: Turn = {
    ...turnFixture(`t${count}`, `t${count - 1}`, count),
    status: 'streaming',
    answer: { ...turns[0]!.answer, text: '', complete: false },
  };
  const state = store().getState();
  state.conversationSaved({ id: conversationId, title: 'Long', createdAt: 0, updatedAt: 0, selection: {}, words: [] });
  state.openEnded(conversationId, { turns: [...turns, live] });
  state.liveChanged(conversationId, live);
  return live;
}

const grow = (live: Turn, frames: number) => {
  let turn = live;
  for (let frame = 0; frame < frames; frame += 1) {
    turn = { ...turn, answer: { ...turn.answer, text: `${turn.answer.text}word ${frame} ` } };
    act(() => store().getState().liveChanged(conversationId, turn));
  }
  return turn;
};

// jsdom lays nothing out and does not scroll: here the transcript is a 600 px viewport over a list as tall as the
// virtualizer makes it, every row is 100 px, and scrolling moves `scrollTop` and fires `scroll`, as in a browser.
const viewportPx = 600;
const rowPx = 100;
const scrolled = new WeakMap<Element, number>();
const isScroller = (element: Element) => element.classList.contains('transcript');
const listHeight = (element: Element) =>
  parseFloat((element.firstElementChild as HTMLElement | null)?.style.height ?? '0') || 0;
const layout: Record<string, PropertyDescriptor> = {
  clientHeight: { configurable: true, get: () => viewportPx },
  offsetHeight: { configurable: true, get: () => rowPx },
  scrollHeight: {
    configurable: true,
    get(this: HTMLElement) {
      return isScroller(this) ? Math.max(listHeight(this), viewportPx) : 0;
    },
  },
  scrollTop: {
    configurable: true,
    get(this: HTMLElement) {
      return scrolled.get(this) ?? 0;
    },
    set(this: HTMLElement, top: number) {
      scrolled.set(this, Math.max(0, Math.min(top, this.scrollHeight - viewportPx)));
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
const original = Object.fromEntries(
  Object.keys(layout).map((key) => [
    key,
    Object.getOwnPropertyDescriptor(HTMLElement.prototype, key) ??
      Object.getOwnPropertyDescriptor(Element.prototype, key),
  ]),
);
beforeAll(() => {
  for (const [key, descriptor] of Object.entries(layout)) Object.defineProperty(HTMLElement.prototype, key, descriptor);
});
afterAll(() => {
  for (const [key, descriptor] of Object.entries(original)) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
  }
});
/** Lets the virtualizer's scroll to the end run its frames. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));
beforeEach(() => {
  current = servicesForTest({ start: false });
  renders.clear();
});

describe('the transcript', () => {
  it('mounts only the rows in view of a 10,000-turn conversation, starting at its end', async () => {
    openWithLiveLastTurn(10_000);
    render(<Transcript conversationId={conversationId} actions={actions} />);
    await settle();
    const rows = screen.getAllByRole('article');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(20);
    expect(rows.at(-1)).toHaveAccessibleName('Question: question t10000');
    expect(screen.getByRole('log', { name: 'Conversation' })).toBeInTheDocument();
  });

  it('keeps the row holding the keyboard mounted when it is scrolled out of view', async () => {
    store()
      .getState()
      .conversationSaved({ id: conversationId, title: 'Long', createdAt: 0, updatedAt: 0, selection: {}, words: [] });
    store()
      .getState()
      .openEnded(conversationId, { turns: conversation(1000) });
    render(<Transcript conversationId={conversationId} actions={actions} />);
    await settle();
    const regenerate = screen.getAllByRole('button', { name: 'Regenerate' }).at(-1)!;
    act(() => regenerate.focus());
    const log = screen.getByRole('log', { name: 'Conversation' });
    act(() => log.scrollTo({ top: 0 }));
    await settle();
    expect(screen.getAllByRole('article')[0]).toHaveAccessibleName('Question: question t0');
    expect(regenerate).toHaveFocus();
    expect(screen.getAllByRole('article').length).toBeLessThanOrEqual(20);
  });

  it('re-renders only the growing turn while an answer streams, and nothing of it while the composer is typed in', async () => {
    const live = openWithLiveLastTurn(30);
    const commits = { transcript: 0, composer: 0 };
    render(
      <>
        <Profiler id="transcript" onRender={() => (commits.transcript += 1)}>
          <Transcript conversationId={conversationId} actions={actions} />
        </Profiler>
        <Profiler id="composer" onRender={() => (commits.composer += 1)}>
          <Composer
            draftKey={conversationId}
            disabledReason={null}
            activeTurnId={live.id}
            onSend={vi.fn()}
            onQueue={vi.fn()}
            onSendNow={vi.fn()}
          />
        </Profiler>
      </>,
    );
    await settle();
    const shown = [...renders.keys()];
    expect(shown).toContain(live.id);
    expect(shown.length).toBeGreaterThan(2);
    const before = new Map(renders);
    const composerBefore = commits.composer;

    grow(live, 20);
    expect(screen.getAllByTestId('answer-text').at(-1)).toHaveTextContent('word 19');
    for (const id of shown)
      expect(renders.get(id), `renders of ${id}`).toBe(id === live.id ? (before.get(id) ?? 0) + 20 : before.get(id));
    expect(commits.composer).toBe(composerBefore);

    const transcriptBefore = commits.transcript;
    const counted = new Map(renders);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'What next?' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'What next? And' } });
    expect(screen.getByLabelText('Message')).toHaveValue('What next? And');
    expect(commits.transcript).toBe(transcriptBefore);
    expect(renders).toEqual(counted);
  });

  it('keeps the other rows untouched when the answer ends and is saved', async () => {
    const live = openWithLiveLastTurn(30);
    render(<Transcript conversationId={conversationId} actions={actions} />);
    await settle();
    const ended = grow(live, 3);
    const before = new Map(renders);
    act(() => {
      store()
        .getState()
        .turnSaved(conversationId, { ...ended, status: 'completed', answer: { ...ended.answer, complete: true } });
      store().getState().liveEnded(live.id);
    });
    for (const [id, count] of before) if (id !== live.id) expect(renders.get(id), `renders of ${id}`).toBe(count);
    expect(renders.get(live.id)).toBeGreaterThan(before.get(live.id) ?? 0);
  });
});

describe('the turn announcer', () => {
  it('says "responding" once when an answer starts and "complete" once when it ends, never per token', async () => {
    openWithLiveLastTurn(2);
    const live = store().getState().live.t2!.turn;
    // Every change of the region's words, from before it appears.
    const page = document.body.appendChild(document.createElement('div'));
    const heard: string[] = [];
    const observer = new MutationObserver(() => heard.push(page.querySelector('[role="status"]')?.textContent ?? ''));
    observer.observe(page, { childList: true, characterData: true, subtree: true });
    // The conversation opens with an answer already in flight (a new chat gets its address as it starts).
    render(<TurnAnnouncer conversationId={conversationId} />, { container: page });
    let turn = live;
    for (let frame = 0; frame < 15; frame += 1) {
      turn = {
        ...turn,
        answer: { ...turn.answer, text: `${turn.answer.text}word ${frame} `, malformedChunks: frame % 4 },
      };
      const next = turn;
      await act(async () => store().getState().liveChanged(conversationId, next));
    }
    await act(async () => {
      store()
        .getState()
        .turnSaved(conversationId, {
          ...turn,
          status: 'completed',
          answer: { ...turn.answer, complete: true, malformedChunks: 0 },
        });
      store().getState().liveEnded(live.id);
    });
    observer.disconnect();
    expect(heard.filter((text, index) => text !== '' && text !== heard[index - 1])).toEqual([
      'General Assistant: Responding…',
      'General Assistant: Response complete',
    ]);
  });

  it('announces nothing for answers that ended before the conversation was opened', () => {
    store()
      .getState()
      .openEnded(conversationId, { turns: conversation(3) });
    render(<TurnAnnouncer conversationId={conversationId} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
