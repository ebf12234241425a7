import { useSecondsUntil } from '@/ui/hooks/use-seconds-until';

interface RetryButtonProps {
  /** The server asked not to retry before then (epoch ms, from Retry-After): the button waits, counting down. */
  retryAt?: number | undefined;
  disabled?: boolean;
  className?: string;
  onRetry(): void;
}

/** Retry, disabled with a countdown while the server's Retry-After runs, so nobody retries into a second 429. */
export function RetryButton({ retryAt, disabled = false, className = 'button', onRetry }: RetryButtonProps) {
  const left = useSecondsUntil(retryAt);
  return (
    <button type="button" className={className} disabled={disabled || left > 0} onClick={onRetry}>
      {left > 0 ? `Retry in ${left} s` : 'Retry'}
    </button>
  );
}
