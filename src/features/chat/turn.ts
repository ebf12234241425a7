import { emptyAnswer, type Answer } from '@/domain/answer';
import type { ErrorDescription } from '@/domain/describe-error';
import type { ForwardedHeaders } from '@/api/request-log';

export type TurnStatus = 'sending' | 'streaming' | 'completed' | 'stopped' | 'interrupted' | 'failed';

/** One question and what came back for it. */
export interface Turn {
  id: string;
  question: string;
  assistantId: string;
  assistantName: string;
  /** The model override sent with the call; absent means the assistant's default. */
  model?: string;
  mode: 'stream' | 'json';
  status: TurnStatus;
  answer: Answer;
  error?: ErrorDescription;
  requestId?: string;
  /** How the answer travelled: SSE, NDJSON, or one JSON body. */
  wire?: 'sse' | 'ndjson' | 'json';
  startedAt: number;
  endedAt?: number;
  /** The call that answered it: its request log entry and the custom headers it carried. */
  request?: { logId: string; forwarded: ForwardedHeaders | null };
}

export const isTurnActive = (turn: Turn): boolean => turn.status === 'sending' || turn.status === 'streaming';

export function newTurn(init: Pick<Turn, 'id' | 'question' | 'assistantId' | 'assistantName' | 'mode' | 'startedAt'> & { model?: string }): Turn {
  return { ...init, status: 'sending', answer: emptyAnswer };
}
