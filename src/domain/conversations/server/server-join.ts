import { answerKeptWithoutSecrets } from '@/domain/a2ui/obscured';
import { isTurnActive, type ConversationTurn } from '@/domain/conversations/conversation';
import {
  keepsGenerating,
  pairsByIndex,
  serverTurn,
  type ServerTurnContext,
  type StoredHistoryItem,
} from './server-history';

// The server's history joined with the turns this browser keeps of the same conversation. The server is the truth
// for what was asked and answered; the console keeps what the server does not (versions' headers, request ids,
// stream figures, failures it never stored) on its own turns, found by history index (a turn's depth in the tree is
// the `history_index` it was sent with) and question.

const sameQuestion = (a: string, b: string) => a.trim() === b.trim();

/** Turns the server made (read from it before): a cache only, replaced by what the server says now. */
export const isServerBorn = (turn: Pick<ConversationTurn, 'id'>) => turn.id.startsWith('server:');

/** Each turn's depth: 0 for the first, its parent's + 1 (a turn whose parent is unknown counts as first). */
function depths(turns: readonly ConversationTurn[]): Map<string, number> {
  const byId = new Map(turns.map((turn) => [turn.id, turn]));
  const found = new Map<string, number>();
  for (const start of turns) {
    const chain: ConversationTurn[] = [];
    let at: ConversationTurn | undefined = start;
    while (at && !found.has(at.id) && !chain.includes(at)) {
      chain.push(at);
      at = at.parentId === null ? undefined : byId.get(at.parentId);
    }
    let depth = at && found.has(at.id) ? (found.get(at.id) as number) : -1;
    for (const turn of chain.reverse()) found.set(turn.id, (depth += 1));
  }
  return found;
}

/** A local turn the server also has: the console's record, with what only the server knows (or knows better). */
function joined<T extends ConversationTurn>(
  local: T,
  server: ConversationTurn,
  parentId: string | null,
  serverKeepsGenerating: boolean,
): T {
  if (isTurnActive(local)) return local;
  const base = { ...local, parentId };
  const marks = {
    ...(server.fileNames ? { fileNames: server.fileNames } : {}),
    ...(server.feedback ? { feedback: server.feedback } : {}),
  };
  // What the call used is counted by the server only: its figures join the answer this browser kept.
  const usage = server.answer.usage ? { usage: server.answer.usage } : {};
  // A paused answer may have gone on elsewhere (allowed or denied in another tab): the server's record says how.
  if (isServerBorn(local) || local.status === 'waiting') return { ...base, ...server, id: local.id, parentId };
  // A current server went on when this browser left (or stored what it kept of a stopped answer): its copy is the
  // truth, and the partial one this browser saved gives way to it.
  if (serverKeepsGenerating && (local.status === 'interrupted' || local.status === 'stopped'))
    return {
      ...base,
      ...marks,
      status: server.status,
      answer: server.answer,
      ...(server.endedAt ? { endedAt: server.endedAt } : {}),
      ...(server.keptByServer ? { keptByServer: true as const } : {}),
    };
  // A stopped, failed or cut-off answer stays as this browser saw it: a server stores its own note of a disconnect
  // ("Agent has been interrupted by client") or the error, which says less.
  // Space freed in this browser dropped the tree; the server still has it.
  const thoughts = local.answer.thoughts.roots.length === 0 ? server.answer.thoughts : local.answer.thoughts;
  return { ...base, ...marks, answer: { ...local.answer, ...usage, thoughts } };
}

/**
 * The conversation as the server has it, with this browser's turns joined in: a local turn at the same history index
 * asking the same question is that server turn (its id and local details kept); local turns the server does not have
 * (failed before reaching it, being answered now) stay; turns read from the server before and gone from it now go.
 */
export function joinServerHistory<T extends ConversationTurn>(
  history: readonly StoredHistoryItem[],
  context: ServerTurnContext,
  local: readonly T[],
): Array<T | ConversationTurn> {
  const depthOf = depths(local);
  const atDepth = new Map<number, T[]>();
  for (const turn of [...local].sort((a, b) => a.startedAt - b.startedAt)) {
    const depth = depthOf.get(turn.id) ?? 0;
    atDepth.set(depth, [...(atDepth.get(depth) ?? []), turn]);
  }
  const used = new Set<string>();
  const byId = new Map(local.map((turn) => [turn.id, turn]));
  // A local parent is kept where it stays in the result: a turn of this browser's own, or one the server still has.
  const survives = (id: string) => {
    const parent = byId.get(id);
    return parent !== undefined && (used.has(id) || !isServerBorn(parent) || isTurnActive(parent));
  };
  const result: Array<T | ConversationTurn> = [];
  let previous: { ids: Set<string>; latest: string | null } = { ids: new Set(), latest: null };
  for (const versions of pairsByIndex(history)) {
    const candidates = atDepth.get(versions[0]?.index ?? 0) ?? [];
    const made: Array<T | ConversationTurn> = [];
    let cursor = 0;
    for (const pair of versions) {
      const server = serverTurn(pair, context);
      const position = candidates.findIndex(
        (turn, at) => at >= cursor && !used.has(turn.id) && sameQuestion(turn.question, server.question),
      );
      const match = position >= 0 ? candidates[position] : undefined;
      if (!match) {
        made.push({ ...server, parentId: previous.latest });
        continue;
      }
      cursor = position + 1;
      used.add(match.id);
      const keepsParent =
        match.parentId === null
          ? previous.latest === null
          : previous.ids.has(match.parentId) || survives(match.parentId);
      made.push(joined(match, server, keepsParent ? match.parentId : previous.latest, keepsGenerating(pair.assistant)));
    }
    result.push(...made);
    previous = { ids: new Set(made.map((turn) => turn.id)), latest: made.at(-1)?.id ?? previous.latest };
  }
  const kept = local.filter((turn) => !used.has(turn.id) && !(isServerBorn(turn) && !isTurnActive(turn)));
  return withoutSecrets([...result, ...kept]);
}

/** A form answer read from the server holds what was typed in its obscured fields: this console keeps the mask. */
function withoutSecrets<T extends ConversationTurn>(turns: T[]): T[] {
  const byId = new Map(turns.map((turn) => [turn.id, turn]));
  return turns.map((turn) => {
    const answer = turn.a2uiAnswer;
    const envelopes = turn.parentId === null ? undefined : byId.get(turn.parentId)?.answer.a2uiEnvelopes;
    if (!answer || !envelopes?.length) return turn;
    const kept = answerKeptWithoutSecrets(envelopes, answer.action, answer.dataModel);
    return kept ? { ...turn, a2uiAnswer: { ...answer, ...kept } } : turn;
  });
}

/** Whether the server's copy is not the one last read into this browser: changed elsewhere (or by a call from here). */
export function changedElsewhere(
  seen: { updateDate: string; items: number } | undefined,
  now: { updateDate: string; items: number },
): boolean {
  return !seen || seen.items !== now.items || seen.updateDate !== now.updateDate;
}
