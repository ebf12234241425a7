import { Fragment, useMemo, type ReactNode } from 'react';
import { foldSurfaces, type Surface } from '@/domain/a2ui/surface';

/**
 * The surfaces an answer's envelopes build, each drawn by `children` (latest last), as a chat shows them while they
 * stream and after a reload. A surface the agent deleted is simply gone; envelopes that build nothing readable say so.
 */
export function A2uiSurfaces({
  envelopes,
  children,
}: {
  envelopes: readonly unknown[];
  children(surface: Surface, latest: boolean): ReactNode;
}) {
  const { surfaces, deleted } = useMemo(() => foldSurfaces(envelopes), [envelopes]);
  if (surfaces.length === 0 && deleted.length > 0) return null;
  if (surfaces.length === 0)
    return (
      <p className="answer-warning" role="note">
        The assistant sent a form this console could not read.
      </p>
    );
  return surfaces.map((surface, index) => (
    <Fragment key={surface.surfaceId}>{children(surface, index === surfaces.length - 1)}</Fragment>
  ));
}
