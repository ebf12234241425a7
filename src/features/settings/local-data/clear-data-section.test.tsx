import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { servicesForTest } from '@/test/render-with-services';
import { SettingsServicesProvider } from '@/features/settings/settings-services-provider';
import { ClearDataSection } from './clear-data-section';

describe('Clear local data', () => {
  it('says so when what this browser keeps cannot be read, and offers nothing to remove', async () => {
    const { services } = servicesForTest({ start: false });
    const settings = {
      ...services.settings,
      countLocalData: () =>
        Promise.reject(new DOMException('The database connection is closing.', 'InvalidStateError')),
    };
    render(
      <SettingsServicesProvider services={settings}>
        <ClearDataSection userName="alice" />
      </SettingsServicesProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear local data…' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'What this browser keeps could not be read (InvalidStateError: The database connection is closing.), so nothing was removed.',
    );
    expect(screen.queryByRole('heading', { name: /Clear local data of alice/ })).toBeNull();
  });
});
