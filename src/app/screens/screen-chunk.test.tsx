import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary } from '@/ui/errors/error-boundary';
import { ScreenLoadError, screenChunk } from './screen-chunk';

function Greeting({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

describe('a screen in a chunk of its own', () => {
  it('is fetched once however often it is asked for, then renders with its props', async () => {
    let fetches = 0;
    const chunk = screenChunk(async () => {
      fetches += 1;
      return Greeting;
    });
    await Promise.all([chunk.preload(), chunk.preload()]);
    await chunk.preload();
    expect(fetches).toBe(1);
    render(<chunk.Screen name="Ada" />);
    expect(screen.getByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
  });

  it('rendered before it is fetched, waits for it (the fallback shows meanwhile)', async () => {
    const chunk = screenChunk(async () => Greeting);
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <chunk.Screen name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    await act(() => chunk.preload());
    expect(screen.getByRole('heading', { name: 'Hello Grace' })).toBeInTheDocument();
  });

  it('that failed to load says so as a ScreenLoadError with the cause, and is fetched again when asked next', async () => {
    const failures = [new TypeError('Failed to fetch dynamically imported module: /assets/settings-page.js')];
    const chunk = screenChunk(async () => {
      const failure = failures.shift();
      if (failure) throw failure;
      return Greeting;
    });
    const error = await chunk.preload().catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(ScreenLoadError);
    expect(error).toMatchObject({ message: expect.stringContaining('settings-page.js') as unknown });
    await expect(chunk.preload()).resolves.toBe(Greeting);
  });

  it('rendered, and failing to load, shows the error boundary instead of fetching again and again', async () => {
    let fetches = 0;
    const chunk = screenChunk<{ name: string }>(async () => {
      fetches += 1;
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    render(
      <ErrorBoundary what="the screen">
        <Suspense fallback={<p>Waiting</p>}>
          <chunk.Screen name="Linus" />
        </Suspense>
      </ErrorBoundary>,
    );
    await act(() => chunk.preload().catch(() => undefined));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not show the screen');
    expect(fetches).toBe(1);
  });
});
