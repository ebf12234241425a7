// The Fault Injector's transport faults: what a network, a gateway or a stalled model does to an answer.
// Each keeps a partial answer (and a running tool thought) before the fault, so a client can show what it kept.
import type { StreamWire } from '../../stream-writer';
import { ScriptFailure } from '../script';
import { StepList, type ScriptedRun } from '../steps';
import { ThoughtScript } from '../thoughts';

export const matrixFaults = [
  'no fault',
  'long answer',
  'stall',
  'slow drip',
  'drop',
  'malformed',
  'huge chunk',
  'server error',
  'unavailable',
  'bad gateway',
  'login redirect',
] as const;
export type MatrixFault = (typeof matrixFaults)[number];

/** A reply that is not the API's JSON: an HTML page, a redirect. */
export class RawReply extends Error {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly body: string,
  ) {
    super(`raw reply ${status}`);
  }
}

/** Where the local platform's stand-in for a sign-in proxy lives (a page on the API's own origin, CORS and all). */
export const signInProxyPath = '/oauth2/sign_in';

export const signInProxyPage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head><body><h1>Sign in to continue</h1><form method="post"><label>Username <input name="username"></label><button>Sign in</button></form></body></html>';

/** How long a stall lasts: far longer than any client idle timeout a test sets (the client gives up first). */
export const stallMs = 60_000;

/** The slow drip: this many bytes of the wire text, this far apart. */
export const drip = { bytes: 6, everyMs: 300 } as const;

export const hugeChunkChars = 5 * 1024 * 1024;

const partial = 'Here is the start of an answer, before the trouble starts and';

/** A partial answer with a tool thought still running: what a fault in the middle of an answer leaves behind. */
function partialWithTool(seed: string): { list: StepList; t: ThoughtScript } {
  const list = new StepList();
  const t = new ThoughtScript(list, seed);
  t.start('lookup', {
    parent: null,
    author_type: 'Tool',
    author_name: 'lookup_records',
    input_text: '{"query":"records"}',
    metadata: { replay_type: 'tool', tool_name: 'lookup_records', tool_args: { query: 'records' }, status: 'running' },
    message: 'Looking up the records… ',
  });
  list.tokens(partial, 1);
  return { list, t };
}

const wireOf = (question: string): StreamWire | undefined =>
  /ndjson/i.test(question) ? 'ndjson' : /\bsse\b/i.test(question) ? 'sse' : undefined;

const withWire = (run: ScriptedRun, question: string): ScriptedRun => {
  const wire = wireOf(question);
  return wire ? { ...run, wire } : run;
};

export function matrixRun(fault: MatrixFault, question: string): ScriptedRun {
  switch (fault) {
    case 'no fault': {
      const text = 'All is well: this answer arrived whole.';
      return withWire(new StepList().tokens(text, 1).last(text).run(), question);
    }
    case 'long answer': {
      // About 6 s at the default pace, with a tool thought that finishes half way.
      const { list, t } = partialWithTool(`long:${question}`);
      const rest =
        ' it keeps going, word after word, long enough to reload the page, hide the tab or open another one while it streams, and it still ends well.';
      list.tokens(rest.slice(0, 60), 5);
      t.finish('lookup', { message: 'Found 3 records.' });
      list.tokens(rest.slice(60), 5);
      return withWire(list.last(partial + rest).run(), question);
    }
    case 'stall': {
      const { list } = partialWithTool(`stall:${question}`);
      list.steps.push({ kind: 'pause', ms: stallMs });
      return withWire(list.tokens(' finally goes on.', 1).last(`${partial} finally goes on.`).run(), question);
    }
    case 'slow drip': {
      const words = ['Drip ', 'by ', 'drip.'];
      const list = new StepList();
      for (const word of words)
        list.steps.push({ kind: 'drip', data: JSON.stringify({ generated_chunk: word }), ...drip });
      list.steps.push({ kind: 'drip', data: JSON.stringify({ generated: words.join(''), last: true }), ...drip });
      return withWire(list.run(), question);
    }
    case 'drop': {
      const { list } = partialWithTool(`drop:${question}`);
      // A pause first (3 s at the default pace): what was written reaches the page before the socket goes. A busy
      // browser still reading earlier bytes when the connection fails loses those it had not read yet.
      list.wait(100).steps.push({ kind: 'drop' });
      return withWire(list.run(), question);
    }
    case 'malformed': {
      const list = new StepList().tokens(partial, 1);
      list.steps.push({ kind: 'malformed' });
      return withWire(
        list
          .tokens(' the rest arrives after one unreadable chunk.', 1)
          .last(`${partial} the rest arrives after one unreadable chunk.`)
          .run(),
        question,
      );
    }
    case 'huge chunk': {
      const { list, t } = partialWithTool(`huge:${question}`);
      const line = 'A very long tool output line, repeated to make one chunk of five megabytes.\n';
      t.finish('lookup', { message: line.repeat(Math.ceil(hugeChunkChars / line.length)).slice(0, hugeChunkChars) });
      return withWire(
        list
          .tokens(' the answer goes on after a 5 MB chunk.', 1)
          .last(`${partial} the answer goes on after a 5 MB chunk.`)
          .run(),
        question,
      );
    }
    case 'server error':
      throw new ScriptFailure(
        'The assistant crashed (simulated)',
        'Traceback: KeyError: "model" (simulated)',
        'Try again later.',
        500,
      );
    case 'unavailable':
      throw new ScriptFailure(
        'The service is temporarily unavailable (simulated)',
        'Upstream model pool drained (simulated)',
        'Try again in a minute.',
        503,
      );
    case 'bad gateway':
      throw new RawReply(
        502,
        { 'Content-Type': 'text/html' },
        '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
      );
    case 'login redirect':
      throw new RawReply(
        302,
        { Location: `/code-assistant-api${signInProxyPath}?rd=${encodeURIComponent('/code-assistant-api/v1')}` },
        '',
      );
  }
}
