import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import { HeadersPage } from './headers-page';

/** The Headers screen of a person with Tenant A (in use) and Tenant B. */
function setUp() {
  const built = servicesForTest({ start: false });
  built.services.headers.profiles.getState().loaded({
    profiles: [
      { id: 'a', name: 'Tenant A', rows: [{ id: 'r1', name: 'X-Tenant-ID', value: 'acme', enabled: true }] },
      { id: 'b', name: 'Tenant B', rows: [{ id: 'r2', name: 'X-Tenant-ID', value: 'globex', enabled: true }] },
    ],
    activeId: 'a',
    forwarding: true,
  });
  renderWithServices(<HeadersPage />, { with: built });
  return built.services.headers.profiles;
}

const list = () => within(screen.getByRole('region', { name: 'Header profiles' }));
const item = (name: RegExp) => list().getByRole('button', { name });

describe('the Headers screen', () => {
  it('marks the profile in use as Active, and opening another only opens it', async () => {
    const profiles = setUp();
    expect(item(/^Tenant A.*Active/)).toHaveAttribute('aria-current', 'true');
    expect(item(/^Tenant B/)).not.toHaveTextContent('Active');

    await userEvent.click(item(/^Tenant B/));
    expect(item(/^Tenant B/)).toHaveAttribute('aria-current', 'true');
    expect(item(/^Tenant A/)).not.toHaveAttribute('aria-current');
    expect(item(/^Tenant A/)).toHaveTextContent('Active');
    expect(screen.getByLabelText('Profile name')).toHaveValue('Tenant B');
    expect(screen.getByText(/Calls use “Tenant A”/)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Preview of a call with this profile' })).toBeVisible();

    await userEvent.clear(screen.getByLabelText('Header 1 value'));
    await userEvent.type(screen.getByLabelText('Header 1 value'), 'initech');
    expect(profiles.getState().activeId).toBe('a');
  });

  it('"Use this profile" makes the open profile the one in use, and says so where the keyboard lands', async () => {
    const profiles = setUp();
    await userEvent.click(item(/^Tenant B/));
    await userEvent.click(screen.getByRole('button', { name: 'Use this profile' }));
    expect(profiles.getState().activeId).toBe('b');
    expect(item(/^Tenant B.*Active/)).toBeVisible();
    expect(item(/^Tenant A/)).not.toHaveTextContent('Active');
    expect(screen.queryByRole('button', { name: 'Use this profile' })).not.toBeInTheDocument();
    expect(screen.getByText('Calls use this profile.')).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Preview of the next call' })).toBeVisible();
  });

  it('a new profile opens in the editor and is not used until asked', async () => {
    const profiles = setUp();
    await userEvent.click(list().getByRole('button', { name: 'New' }));
    expect(screen.getByLabelText('Profile name')).toHaveValue('New profile');
    expect(item(/^Tenant A.*Active/)).toBeVisible();
    expect(profiles.getState().activeId).toBe('a');
  });

  it('deleting the profile in use says which one calls will use instead', async () => {
    setUp();
    await userEvent.click(list().getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete profile' })).toHaveTextContent(
      'Calls use it now; they will use “Tenant B” instead.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete profile' }));
    expect(item(/^Tenant B.*Active/)).toHaveAttribute('aria-current', 'true');
  });

  it('says a profile file that cannot be read was not imported, and why', async () => {
    const profiles = setUp();
    const file = new File(['{}'], 'profiles.json', { type: 'application/json' });
    // A file deleted or locked after it was picked.
    Object.defineProperty(file, 'text', {
      value: () => Promise.reject(new DOMException('The file could not be read.', 'NotReadableError')),
    });
    await userEvent.upload(screen.getByLabelText('Import profiles from a JSON file'), file);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('“profiles.json” was not imported:');
    expect(alert).toHaveTextContent('The file could not be read (NotReadableError: The file could not be read.).');
    expect(profiles.getState().profiles).toHaveLength(2);
  });
});
