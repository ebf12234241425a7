// The Inspector over a long session: it says when older calls were dropped to keep memory bounded.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { requestLogLimits } from '@/api/client/request-log';
import type { ConsoleServices } from '@/lib/services-context';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import { InspectorPage } from './inspector-page';

let services: ConsoleServices | undefined;
beforeAll(() => void (window.scrollTo = () => undefined));
afterEach(() => services?.stop());

it('says how many calls it shows and how many older ones it dropped', { timeout: 30_000 }, async () => {
  const built = servicesForTest({ start: false });
  services = built.services;
  const root = createRootRoute();
  const inspector = createRoute({ getParentRoute: () => root, path: '/inspector', component: InspectorPage });
  const router = createRouter({
    routeTree: root.addChildren([inspector]),
    history: createMemoryHistory({ initialEntries: ['/inspector'] }),
  });
  renderWithServices(<RouterProvider router={router} />, { with: built });
  await screen.findByRole('heading', { name: 'Inspector' }, { timeout: 10_000 });
  expect(screen.queryByText(/dropped to keep memory bounded/)).not.toBeInTheDocument();

  const { log } = built.services.client;
  act(() => {
    for (let index = 0; index < requestLogLimits.entries + 3; index += 1)
      log.begin({ kind: 'catalog', method: 'GET', url: `http://api.test/v1/${index}`, headers: {}, forwarded: null });
  });
  expect(
    await screen.findByText(
      `Showing the last ${requestLogLimits.entries} calls; 3 older ones were dropped to keep memory bounded.`,
      {},
      { timeout: 10_000 },
    ),
  ).toBeInTheDocument();
});
