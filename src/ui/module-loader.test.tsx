import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { moduleLoader } from './module-loader';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('moduleLoader', () => {
  it('shows what the reader shows while loading, then the module, loaded once for all readers', async () => {
    const chunk = deferred<{ greeting: string }>();
    let loads = 0;
    const loader = moduleLoader(() => {
      loads += 1;
      return chunk.promise;
    });
    function Reader({ name }: { name: string }) {
      const state = loader.useModule();
      return <p>{state.status === 'loaded' ? `${state.module.greeting} ${name}` : `${name} waits`}</p>;
    }
    render(
      <>
        <Reader name="one" />
        <Reader name="two" />
      </>,
    );
    expect(screen.getByText('one waits')).toBeInTheDocument();
    await act(async () => chunk.resolve({ greeting: 'hello' }));
    expect(screen.getByText('hello one')).toBeInTheDocument();
    expect(screen.getByText('hello two')).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('renders a module preloaded before the first render at once, with no loading state', async () => {
    const loader = moduleLoader(() => Promise.resolve({ greeting: 'ready' }));
    await loader.preload();
    const seen: string[] = [];
    function Reader() {
      const state = loader.useModule();
      seen.push(state.status);
      return <p>{state.status}</p>;
    }
    render(<Reader />);
    expect(screen.getByText('loaded')).toBeInTheDocument();
    expect(seen).not.toContain('loading');
  });

  it('reports a failed load to its readers and does not retry it', async () => {
    let loads = 0;
    const loader = moduleLoader(() => {
      loads += 1;
      return Promise.reject(new Error('chunk gone'));
    });
    function Reader() {
      const state = loader.useModule();
      return <p>{state.status === 'failed' ? `failed: ${(state.error as Error).message}` : state.status}</p>;
    }
    render(<Reader />);
    expect(await screen.findByText('failed: chunk gone')).toBeInTheDocument();
    expect(await loader.preload()).toMatchObject({ status: 'failed' });
    expect(loads).toBe(1);
  });
});
