// The highlighter's own thread. Tokenising with a grammar for the first time compiles hundreds of regular
// expressions (about 400 ms for TypeScript on this kind of machine): done here, the page never freezes for it.
import type { HighlightReply, HighlightRequest } from './code-highlight-protocol';
import { tokenizerFor } from './code-tokenizer';

// Requests are answered one at a time, in order: a grammar loading for one waits for nobody else's tokens.
let queue: Promise<void> = Promise.resolve();

self.addEventListener('message', (event: MessageEvent<HighlightRequest>) => {
  const { id, code, grammar } = event.data;
  queue = queue.then(async () => {
    let reply: HighlightReply;
    try {
      const tokenize = await tokenizerFor(grammar);
      reply = { id, tokens: tokenize(code) };
    } catch {
      reply = { id, tokens: null };
    }
    self.postMessage(reply);
  });
});
