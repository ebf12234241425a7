import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import { HeaderPreview } from './header-preview';
import { ProfileEditor } from './profile-editor';
import { useProfilesStore } from '@/features/headers/profiles/profiles-store';

/** The editor and preview of the active profile, re-rendered as the store changes. */
function ActiveProfile() {
  const profile = useProfilesStore((state) => state.profiles.find((candidate) => candidate.id === state.activeId));
  return profile ? (
    <>
      <ProfileEditor profile={profile} />
      <HeaderPreview profile={profile} />
    </>
  ) : null;
}

const setUp = () => {
  const built = servicesForTest({ start: false });
  built.services.headers.profiles.getState().loaded({ profiles: [], activeId: null, forwarding: true });
  renderWithServices(<ActiveProfile />, { with: built });
  return built.services.headers.profiles;
};

async function addRow(name: string, value: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Add header' }));
  const rows = screen.getAllByTestId('header-row');
  const position = rows.length;
  await userEvent.type(screen.getByLabelText(`Header ${position} name`), name);
  await userEvent.type(screen.getByLabelText(`Header ${position} value`), value);
  return position;
}

describe('secret header values in the profile editor', () => {
  it('makes a credential-like name secret as soon as it is named, says why, and Show reveals the value', async () => {
    setUp();
    const position = await addRow('X-Api-Key', 'k-live-123');
    const row = screen.getAllByTestId('header-row')[position - 1] as HTMLElement;
    expect(row).toHaveTextContent('Secret because its name looks like a credential');
    expect(within(row).getByRole('checkbox', { name: /^Secret/ })).toBeChecked();
    const value = screen.getByLabelText(`Header ${position} value`);
    expect(value).toHaveAttribute('type', 'password');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(preview).not.toHaveTextContent('k-live-123');
    expect(preview).toHaveTextContent('••••••');

    await userEvent.click(within(row).getByRole('button', { name: `Show the value of header ${position}` }));
    expect(value).toHaveAttribute('type', 'text');
    expect(value).toHaveValue('k-live-123');
  });

  it('makes a credential-like header plain when asked, and remembers it', async () => {
    const profiles = setUp();
    const position = await addRow('X-Session-Id', 'sess-42-visible');
    const row = screen.getAllByTestId('header-row')[position - 1] as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: `Make header ${position} plain` }));
    expect(profiles.getState().profiles[0]?.rows[0]?.secret).toBe(false);
    expect(row).not.toHaveTextContent('Secret because');
    expect(within(row).getByRole('checkbox', { name: /^Secret/ })).not.toBeChecked();
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('sess-42-visible');
  });

  it('warns of a token-looking value in a plain header, and marks it secret from the warning', async () => {
    const profiles = setUp();
    const position = await addRow('X-Upstream', 'ghp_0123456789abcdefghijABCDEFGHIJ');
    const row = screen.getAllByTestId('header-row')[position - 1] as HTMLElement;
    expect(row).toHaveTextContent('The value looks like a GitHub token, but the header is plain');
    await userEvent.click(within(row).getByRole('button', { name: `Mark header ${position} secret` }));
    expect(profiles.getState().profiles[0]?.rows[0]?.secret).toBe(true);
    expect(row).not.toHaveTextContent('looks like a GitHub token');
  });

  it('suggests nothing for an ordinary name', async () => {
    setUp();
    await addRow('X-Tenant-ID', 'acme');
    expect(screen.getByTestId('header-row')).not.toHaveTextContent('looks like');
    expect(screen.getByLabelText('Header 1 value')).toHaveAttribute('type', 'text');
  });

  it('accepts a name proxies act on, with a warning in its row', async () => {
    setUp();
    await addRow('X-Forwarded-For', '10.0.0.1');
    const name = screen.getByLabelText('Header 1 name');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(name).toHaveAccessibleDescription(/Proxies and frameworks act on X-Forwarded-For/);
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('10.0.0.1');
  });
});
