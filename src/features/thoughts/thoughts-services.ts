import type { StoreApi } from 'zustand/vanilla';
import { createThoughtViewStore, type ThoughtViewState } from './thought-view-store';
import { createToolWaitStarts, type ToolWaitStarts } from './tool-wait';

/** One person's thought trees as they left them: what is open, tool outputs hidden, how long tools have run. */
export interface ThoughtsServices {
  readonly view: StoreApi<ThoughtViewState>;
  readonly toolWait: ToolWaitStarts;
  /** Nothing runs in the background: there for the composition root's start/stop. */
  start(): void;
  stop(): Promise<void>;
}

export function createThoughtsServices(): ThoughtsServices {
  return {
    view: createThoughtViewStore(),
    toolWait: createToolWaitStarts(),
    start() {},
    stop: () => Promise.resolve(),
  };
}
