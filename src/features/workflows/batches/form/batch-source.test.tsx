import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyBatchDraft } from './batch-draft-store';
import { BatchSource } from './batch-source';

describe('a batch’s CSV file', () => {
  it('says which file could not be read and why, and keeps the draft as it was', async () => {
    const onChange = vi.fn();
    render(
      <BatchSource draft={{ ...emptyBatchDraft('s1'), source: 'csv' }} header={[]} inputs={[]} onChange={onChange} />,
    );
    const file = new File(['input\nfirst'], 'inputs.csv', { type: 'text/csv' });
    // A file deleted or locked after it was picked.
    Object.defineProperty(file, 'text', {
      value: () => Promise.reject(new DOMException('The file could not be read.', 'NotReadableError')),
    });
    await userEvent.upload(screen.getByLabelText('CSV file', { selector: 'input[type="file"]' }), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'inputs.csv could not be read (NotReadableError: The file could not be read.). Choose it again.',
    );
    expect(onChange).not.toHaveBeenCalled();
  });
});
