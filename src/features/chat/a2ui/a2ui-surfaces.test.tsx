import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelopesOf } from '@/test/a2ui-surfaces';
import { A2uiSurfaces } from './a2ui-surfaces';

const draw = (envelopes: readonly unknown[]) => (
  <A2uiSurfaces envelopes={envelopes}>
    {(surface, latest) => (
      <p>
        {surface.surfaceId}
        {latest ? ' (latest)' : ''}
      </p>
    )}
  </A2uiSurfaces>
);

describe('A2uiSurfaces', () => {
  it('draws each surface, latest last, and lets a deleted one simply disappear while the answer streams', () => {
    const first = envelopesOf('first', [{ id: 'root', component: 'Text', text: 'x' }]);
    const { rerender, container } = render(draw(first));
    expect(screen.getByText('first (latest)')).toBeInTheDocument();
    const both = [...first, ...envelopesOf('second', [])];
    rerender(draw(both));
    expect([...container.querySelectorAll('p')].map((item) => item.textContent)).toEqual(['first', 'second (latest)']);
    rerender(draw([...both, { version: 'v0.9.1', deleteSurface: { surfaceId: 'second' } }]));
    expect(screen.getByText('first (latest)')).toBeInTheDocument();
    rerender(
      draw([...both, ...['first', 'second'].map((surfaceId) => ({ version: 'v0.9', deleteSurface: { surfaceId } }))]),
    );
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says when the envelopes build nothing it can read', () => {
    render(draw([{ version: 'v0.9.1', somethingNew: {} }]));
    expect(screen.getByRole('note')).toHaveTextContent('The assistant sent a form this console could not read.');
  });
});
