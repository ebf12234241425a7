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
    /** One POST to the assistant's tool-call resume endpoint, and its action when the body names one. */
    countResume(assistantId: string, action: unknown): void {
      bump(`resume\n${assistantId}`);
      if (typeof action === 'string') bump(`resume\n${assistantId}\n${action}`);
    },
    /**
     * GET /__test/posts?assistant=<id>[&question=<text>][&action=allow|deny] → {"assistant", "question", "posts",
     * "action", "resumes"}: `resumes` counts the resume POSTs for the assistant (with that action when given).
     */
    send(res: ServerResponse, query: URLSearchParams): void {
      const assistant = query.get('assistant') ?? '';
      const question = query.get('question');
      const action = query.get('action');
      const posts = counts.get(question === null ? assistant : `${assistant}\n${question}`) ?? 0;
      const resumes = counts.get(`resume\n${assistant}${action === null ? '' : `\n${action}`}`) ?? 0;
      res.setHeader('Cache-Control', 'no-store');
      sendJson(res, 200, { assistant, question, posts, action, resumes });
    },
  };
}

export type PostCounter = ReturnType<typeof createPostCounter>;
