import type { RequestLog } from '@/api/client/request-log';
import type { Turn } from '@/features/chat/runtime/turn';
import {
  chunksRead,
  framePainted,
  responseOpened,
  streamHealth,
  timingsStarted,
  type ChunkReads,
  type StreamHealth,
  type StreamTimings,
} from '@/domain/stream/stream-health';

export interface HealthRecorder {
  /** The request left (restarts the clock: headers and tokens were being prepared before). */
  sent(): void;
  opened(): void;
  /** Chunks read by the stream reader and folded there, each at the time it arrived. */
  read(reads: ChunkReads): void;
  /**
   * The chunks read since the last frame were handed to the screen: their paint is timed. `task`: handed over in a
   * task of its own (a worker's message), not in an animation frame; the paint is the next frame's.
   */
  framed(): void;
  figures(): StreamHealth;
}

/**
 * Takes the stream path's clock readings for one answer and folds them (domain/stream-health). `afterPaint` runs a
 * callback once what was just handed to the screen has been painted: called from inside an animation frame, a task
 * queued there runs after that frame's paint.
 */
export function createHealthRecorder(
  now: () => number,
  afterPaint: (run: () => void) => unknown = (run) => setTimeout(run, 0),
): HealthRecorder {
  let timings: StreamTimings = timingsStarted(now());
  let frame: { receivedAt: number; chunks: number } | null = null;
  return {
    sent() {
      if (timings.chunks === 0) timings = timingsStarted(now());
    },
    opened() {
      timings = responseOpened(timings, now());
    },
    read(reads) {
      if (reads.firstAt === undefined) return;
      timings = chunksRead(timings, reads);
      frame = { receivedAt: frame?.receivedAt ?? reads.firstAt, chunks: (frame?.chunks ?? 0) + reads.chunks };
    },
    framed() {
      const shown = frame;
      frame = null;
      if (!shown) return;
      afterPaint(() => (timings = framePainted(timings, { ...shown, paintedAt: now() })));
    },
    figures: () => streamHealth(timings),
  };
}

/** The figures join the turn (saved and exported with it) and its call in the inspector. */
export function healthMeasured(turn: Turn, health: StreamHealth, log: Pick<RequestLog, 'healthMeasured'>): Turn {
  if (turn.request?.logId) log.healthMeasured(turn.request.logId, health);
  return { ...turn, health };
}
