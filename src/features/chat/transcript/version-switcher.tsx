import type { VersionPosition } from '@/domain/conversations/versions';
import '@/ui/button.css';

/**
 * `< 2/3 >`: the versions of a question (its edits, switched on the question) or of an answer (its regenerations,
 * switched on the answer); none is ever deleted.
 */
interface VersionSwitcherProps {
  position: VersionPosition;
  of: 'question' | 'answer';
  disabled: boolean;
  /** The turn the versions answer (null: the first question's versions). */
  parentId: string | null;
  /**
   * The turns' own action, not a closure made in the turn's render: such a closure holds that render's turn, and the
   * props React kept from an earlier render held a finished answer's text a second time (a heap snapshot after a
   * 200 KB answer: 400 KB more, through these switchers' props alone).
   */
  onSelect(parentId: string | null, id: string): void;
}

export function VersionSwitcher({ position, of, disabled, parentId, onSelect: select }: VersionSwitcherProps) {
  if (position.count < 2) return null;
  const onSelect = (id: string) => select(parentId, id);
  return (
    <span className="version-switcher" role="group" aria-label={`Versions of the ${of}`}>
      <StepButton
        label="Previous version"
        target={position.previous}
        disabled={disabled}
        onSelect={onSelect}
        symbol="‹"
      />
      <span className="mono small" aria-live="polite">{`${position.index}/${position.count}`}</span>
      <StepButton label="Next version" target={position.next} disabled={disabled} onSelect={onSelect} symbol="›" />
    </span>
  );
}

interface StepButtonProps {
  label: string;
  /** The version this button moves to; none at either end. */
  target: string | undefined;
  disabled: boolean;
  onSelect(id: string): void;
  symbol: string;
}

function StepButton({ label, target, disabled, onSelect, symbol }: StepButtonProps) {
  return (
    <button
      type="button"
      className="link-button"
      aria-label={label}
      disabled={disabled || !target}
      onClick={() => target && onSelect(target)}
    >
      {symbol}
    </button>
  );
}
