import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RunError } from './run-error';

beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-23T09:00:00Z') }));
afterEach(() => vi.useRealTimers());

const busy = {
  title: 'Too many requests',
  explanation: 'The server is limiting how often you may call it.',
  action: 'retry' as const,
};

describe('a failed workflow start', () => {
  it('offers Retry only after the server’s Retry-After, counting down', () => {
    const onRetry = vi.fn();
    render(<RunError error={{ ...busy, retryAt: Date.now() + 2000 }} onRetry={onRetry} />);
    const retry = screen.getByRole('button', { name: /^Retry/ });
    expect(retry).toHaveTextContent('Retry in 2 s');
    expect(retry).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(retry).toHaveTextContent('Retry in 1 s');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(retry).toHaveTextContent(/^Retry$/);
    retry.click();
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no Retry where trying again cannot help, or while a retry is on its way', () => {
    const { rerender } = render(<RunError error={{ ...busy, action: 'none' }} onRetry={() => undefined} />);
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
    rerender(<RunError error={busy} onRetry={() => undefined} retrying />);
    expect(screen.getByRole('button', { name: /^Retry/ })).toBeDisabled();
  });
});
