import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Switch } from './switch';

function Stream() {
  const [on, setOn] = useState(true);
  return <Switch label="Stream" checked={on} onChange={setOn} />;
}

describe('Switch', () => {
  it('is a switch named by its caption alone, its state written beside it, toggled by a click or Space', async () => {
    const user = userEvent.setup();
    render(<Stream />);
    const control = screen.getByRole('switch', { name: 'Stream' });
    expect(control).toBeChecked();
    expect(control.closest('label')).toHaveTextContent('StreamOn');

    await user.click(screen.getByText('On'));
    expect(control).not.toBeChecked();
    expect(control.closest('label')).toHaveTextContent('StreamOff');

    control.focus();
    await user.keyboard(' ');
    expect(control).toBeChecked();
  });
});
