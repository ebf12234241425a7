import { describeError } from '@/domain/errors/describe-error';
import { isRouteMissing, toApiError } from '@/domain/errors/api-error';

/** What a share or export call's failure says: 'unsupported' where the server has no such route (404, 405). */
export function problemOf(error: unknown): 'unsupported' | string {
  if (isRouteMissing(error)) return 'unsupported';
  const described = describeError(toApiError(error), 'catalog');
  return described.serverMessage ?? described.title;
}
