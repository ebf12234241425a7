import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import { SuggestedProfile } from './suggested-profile';

/** A signed-in person with two profiles, Tenant B active. */
const setUp = () => {
  const built = servicesForTest({ start: false });
  const store = built.services.headers.profiles.getState();
  store.loaded({ profiles: [], activeId: null, forwarding: true });
  const tenantA = store.profileCreated('Tenant A');
  store.profileActivated(store.profileCreated('Tenant B'));
  return { built, profiles: built.services.headers.profiles, tenantA };
};

describe('SuggestedProfile', () => {
  it('says nothing when the fork would send what the earlier run sent', () => {
    const { built } = setUp();
    const { container } = renderWithServices(<SuggestedProfile profileName="Tenant B" forwarding />, { with: built });
    expect(container).toBeEmptyDOMElement();
  });

  it('names the earlier profile and takes it back in one click', async () => {
    const { built, profiles, tenantA } = setUp();
    renderWithServices(<SuggestedProfile profileName="Tenant A" forwarding />, { with: built });
    expect(screen.getByRole('status')).toHaveTextContent(
      'The earlier run sent headers from the profile “Tenant A”; this one would use “Tenant B”.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use what the earlier run used' }));
    expect(profiles.getState().activeId).toBe(tenantA);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('turns forwarding off again for a fork of a run that sent no headers', async () => {
    const { built, profiles } = setUp();
    renderWithServices(<SuggestedProfile profileName="Tenant B" forwarding={false} />, { with: built });
    expect(screen.getByRole('status')).toHaveTextContent('sent no custom headers (forwarding off)');
    await userEvent.click(screen.getByRole('button', { name: 'Use what the earlier run used' }));
    expect(profiles.getState().forwarding).toBe(false);
  });

  it('says when the earlier profile is gone', () => {
    const { built } = setUp();
    renderWithServices(<SuggestedProfile profileName="Deleted" forwarding />, { with: built });
    expect(screen.getByRole('status')).toHaveTextContent('That profile is no longer in this browser.');
  });
});
