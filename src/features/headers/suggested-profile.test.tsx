import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useProfilesStore } from './profiles-store';
import { SuggestedProfile } from './suggested-profile';

const setUp = () => {
  const store = useProfilesStore.getState();
  store.loadStarted({ sub: 'u1' });
  store.loaded('u1', { profiles: [], activeId: null, forwarding: true });
  const tenantA = useProfilesStore.getState().profileCreated('Tenant A');
  useProfilesStore.getState().profileCreated('Tenant B');
  return tenantA;
};

describe('SuggestedProfile', () => {
  afterEach(() => useProfilesStore.getState().signedOut());

  it('says nothing when the fork would send what the earlier run sent', () => {
    setUp();
    const { container } = render(<SuggestedProfile profileName="Tenant B" forwarding />);
    expect(container).toBeEmptyDOMElement();
  });

  it('names the earlier profile and takes it back in one click', async () => {
    const tenantA = setUp();
    render(<SuggestedProfile profileName="Tenant A" forwarding />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'The earlier run sent headers from the profile “Tenant A”; this one would use “Tenant B”.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use what the earlier run used' }));
    expect(useProfilesStore.getState().activeId).toBe(tenantA);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('turns forwarding off again for a fork of a run that sent no headers', async () => {
    setUp();
    render(<SuggestedProfile profileName="Tenant B" forwarding={false} />);
    expect(screen.getByRole('status')).toHaveTextContent('sent no custom headers (forwarding off)');
    await userEvent.click(screen.getByRole('button', { name: 'Use what the earlier run used' }));
    expect(useProfilesStore.getState().forwarding).toBe(false);
  });

  it('says when the earlier profile is gone', () => {
    setUp();
    render(<SuggestedProfile profileName="Deleted" forwarding />);
    expect(screen.getByRole('status')).toHaveTextContent('That profile is no longer in this browser.');
  });
});
