/** The part of a stored history item (GET /v1/conversations/{id}) that places a mark. */
export interface StoredItem {
  role: string;
  historyIndex: number | null;
  message: string;
}

/**
 * The flat position, in the server's stored history array, of the assistant item that holds an answer:
 * `messageIndex` of POST /v1/feedback (DEPLOYED-API.md §6). Versions of a turn share its history index and are
 * appended at the end, so the answer is found by its index and its text; when several versions say the same, the
 * one at the turn's own version position is taken. Undefined when the server holds no answer at that index.
 */
export function feedbackMessageIndex(
  history: readonly StoredItem[],
  historyIndex: number,
  version: number,
  text: string,
): number | undefined {
  const answers = history.flatMap((item, flat) =>
    item.role === 'Assistant' && item.historyIndex === historyIndex ? [{ flat, item }] : [],
  );
  const same = answers.filter(({ item }) => item.message === text);
  const pool = same.length > 0 ? same : answers;
  return (pool[version] ?? pool.at(-1))?.flat;
}
