// Counts the assistant calls that reached an assistant (signed in, past the route), per assistant and question,
// so a test can prove a fault never made the console send a question twice. A development aid of the local
// platform: served at GET /__test/posts, outside the API's paths.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http-util';

const maxKeys = 10_000;

export function createPostCounter() {
  const counts = new Map<string, number>();
  const bump = (key: string) => {
    if (!counts.has(key) && counts.size >= maxKeys) counts.clear();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  return {
    /** One call to an assistant. */
    count(assistantId: string): void {
      bump(assistantId);
    },
    /** The question of that call, once its body has been read. */
    countQuestion(assistantId: string, question: string): void {
      bump(`${assistantId}\n${question}`);
    },
    /** GET /__test/posts?assistant=<id>[&question=<text>] → {"assistant", "question", "posts"}. */
    send(res: ServerResponse, query: URLSearchParams): void {
      const assistant = query.get('assistant') ?? '';
      const question = query.get('question');
      const posts = counts.get(question === null ? assistant : `${assistant}\n${question}`) ?? 0;
      res.setHeader('Cache-Control', 'no-store');
      sendJson(res, 200, { assistant, question, posts });
    },
  };
}

export type PostCounter = ReturnType<typeof createPostCounter>;
