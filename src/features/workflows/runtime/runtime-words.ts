import type { SentCall } from '@/api/client/http-client';
import { ApiError, isApiError } from '@/domain/errors/api-error';
import type { ErrorDescription } from '@/domain/errors/describe-error';
import type { Run } from '@/features/workflows/model/run';

// What the runtime tells a person when a verb cannot do its work, and how it reads what a call sent.

export const toApiError = (error: unknown): ApiError =>
  isApiError(error)
    ? error
    : new ApiError({ kind: 'internal', details: error instanceof Error ? error.message : String(error) });

export const alreadyOver = (status: string): ErrorDescription => ({
  title: `The run had already ended (${status})`,
  explanation:
    'Nothing was aborted: the run ended before the abort was sent, and its status and outputs stay as they are.',
  action: 'none',
});

export const unnamed: ErrorDescription = {
  title: 'The stream ended before the server named the execution',
  explanation:
    'Without its execution id this run cannot be followed from here. The server may still be running it; start it again if you need its result.',
  action: 'retry',
};

export const sentChange = (sent: SentCall): Partial<Run> => ({
  logId: sent.logId,
  forwarded: sent.forwarded,
  ...(sent.requestId ? { requestId: sent.requestId } : {}),
  ...(sent.traceId ? { traceId: sent.traceId } : {}),
});
