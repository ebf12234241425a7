import { versionPosition } from '@/domain/conversations/versions';
import type { Turn } from './turn';

/** `< 2/3 >`: the versions of one question (regenerated, retried, edited); none is ever deleted. */
interface VersionSwitcherProps {
  turn: Turn;
  siblings: readonly Turn[];
  disabled: boolean;
  onSelect(id: string): void;
}

export function VersionSwitcher({ turn, siblings, disabled, onSelect }: VersionSwitcherProps) {
  const position = versionPosition(siblings, turn);
  if (position.count < 2) return null;
  return (
    <span className="version-switcher" role="group" aria-label="Versions">
      <button
        type="button"
        className="link-button"
        aria-label="Previous version"
        disabled={disabled || !position.previous}
        onClick={() => position.previous && onSelect(position.previous)}
      >
        ‹
      </button>
      <span className="mono small" aria-live="polite">{`${position.index}/${position.count}`}</span>
      <button
        type="button"
        className="link-button"
        aria-label="Next version"
        disabled={disabled || !position.next}
        onClick={() => position.next && onSelect(position.next)}
      >
        ›
      </button>
    </span>
  );
}
