import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CompactSelect } from './compact-select';

const models = [
  { id: 'default', label: 'Assistant default' },
  { id: 'gpt-4.1', label: 'GPT-4.1', detail: 'platform default' },
];

function Model({ description }: { description?: string }) {
  const [value, setValue] = useState('default');
  return <CompactSelect label="Model" choices={models} value={value} onChange={setValue} description={description} />;
}

describe('CompactSelect', () => {
  it('reads a choice and its detail apart, and shows the chosen label alone when closed', async () => {
    const user = userEvent.setup();
    render(<Model />);
    await user.click(screen.getByRole('button', { name: 'Model Assistant default' }));
    const option = screen.getByRole('option', { name: 'GPT-4.1, platform default' });
    await user.click(option);
    const trigger = screen.getByRole('button', { name: 'Model GPT-4.1' });
    expect(trigger).toHaveTextContent(/^GPT-4\.1▾$/);
  });

  it('gives the control the description it is given', () => {
    render(<Model description="Every tool call runs without asking you." />);
    expect(screen.getByRole('button', { name: /^Model/ })).toHaveAccessibleDescription(
      'Every tool call runs without asking you.',
    );
  });
});
