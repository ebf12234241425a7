// A streamed /model turn on current servers (CURRENT-SERVERS.md §2.1): stored in progress before the first chunk,
// registered per conversation, and played to its end whether or not the client stays. The client's response only
// stops being written when it goes; POST …/abort is what stops the run.
import type { ServerResponse } from 'node:http';
import { streamRun, type Playback } from '../api/workflows/play-run';
import type { CallTurn } from '../conversations/call-turn';
import type { ServerGeneration } from '../generation';
import { chunkOfGeneration } from '../generation';
import type { ChunkWriter } from '../stream-writer';
import type { GenerationRegistry } from './registry';

export interface BackgroundStream {
  registry: GenerationRegistry;
  server: ServerGeneration;
  turn: CallTurn;
  playback: Omit<Playback, 'signal'>;
  /** The wire writer of the client's response. */
  wire: ChunkWriter;
  res: ServerResponse;
}

/** Plays and stores the turn; resolves once it is stored, true when the run was played to its end. */
export async function streamInBackground({ registry, server, turn, playback, wire, res }: BackgroundStream) {
  const controller = new AbortController();
  turn.begin();
  const generation = registry.start(turn.conversationId, controller);
  generation.onAbort = () => turn.interrupt();
  generation.cutClient = () => res.destroy();
  const open = () => !res.destroyed && !res.writableEnded;
  const writer = turn.watch({
    ...wire,
    write: (chunk) => {
      const shaped = chunkOfGeneration(server, chunk);
      generation.record(shaped);
      if (open()) wire.write(shaped);
    },
    writeMalformed: () => void (open() && wire.writeMalformed()),
    writeEvent: (event, data) => void (open() && wire.writeEvent(event, data)),
  });
  let completed = false;
  try {
    completed = await streamRun({ ...playback, signal: controller.signal }, writer, res);
  } finally {
    // Stored before the run is unregistered: a client whose /stream just ended reads the finished turn.
    turn.finish(completed);
    registry.finish(turn.conversationId, generation);
    // An aborted run leaves a client still reading with a closed stream (no `last` chunk, as the generator closed).
    if (!res.writableEnded) res.end();
  }
  return completed;
}
