import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetryButton } from './retry-button';
import { secondsUntil } from '@/ui/hooks/use-seconds-until';

beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-23T09:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('RetryButton', () => {
  it('counts down the server’s Retry-After, disabled, then enables Retry', () => {
    const onRetry = vi.fn();
    render(<RetryButton retryAt={Date.now() + 3000} onRetry={onRetry} />);
    expect(screen.getByRole('button')).toHaveTextContent('Retry in 3 s');
    expect(screen.getByRole('button')).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button')).toHaveTextContent('Retry in 2 s');
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button')).toHaveTextContent('Retry in 1 s');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button')).toHaveTextContent(/^Retry$/);
    expect(screen.getByRole('button')).toBeEnabled();
    screen.getByRole('button').click();
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('is plain Retry without a wait, and stays disabled when busy', () => {
    const { rerender } = render(<RetryButton onRetry={() => undefined} />);
    expect(screen.getByRole('button')).toHaveTextContent(/^Retry$/);
    expect(screen.getByRole('button')).toBeEnabled();
    rerender(<RetryButton disabled retryAt={Date.now() - 5000} onRetry={() => undefined} />);
    expect(screen.getByRole('button')).toHaveTextContent(/^Retry$/);
    expect(screen.getByRole('button')).toBeDisabled();
  });

  it('rounds the wait up, so it never shows 0 s while still waiting', () => {
    expect(secondsUntil(10_001, 10_000)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(undefined, 10_000)).toBe(0);
  });
});
