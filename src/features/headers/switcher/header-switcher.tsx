import { Link } from '@tanstack/react-router';
import { CompactSelect } from '@/ui/compact-select';
import { ForwardingSwitch } from './forwarding-switch';
import { HeaderProfileChip } from './header-profile-chip';
import { useProfilesStore } from '@/features/headers/profiles/profiles-store';
import { problemsText, useProfileChoices } from './use-profile-choices';
import './header-switcher.css';

interface HeaderSwitcherProps {
  problems: readonly string[];
  /** "chip": one small chip for a crowded toolbar, opening a quick switcher; "inline": every control in view. */
  variant?: 'inline' | 'chip';
}

/** The active header profile and the forwarding switch, with a way to the Headers screen. */
export function HeaderSwitcher({ problems, variant = 'inline' }: HeaderSwitcherProps) {
  const { choices, activeId, disabled } = useProfileChoices();
  const profileActivated = useProfilesStore((state) => state.profileActivated);
  if (variant === 'chip') return <HeaderProfileChip problems={problems} />;
  return (
    <div
      className={`header-switcher${problems.length ? ' header-switcher-invalid' : ''}`}
      role="group"
      aria-label="Custom headers"
    >
      <CompactSelect
        label="Header profile"
        className={problems.length ? 'control-invalid' : undefined}
        choices={choices}
        value={activeId}
        isDisabled={disabled}
        onChange={profileActivated}
      />
      <ForwardingSwitch compact />
      <Link to="/headers" className="small header-switcher-link">
        {problems.length ? problemsText(problems.length) : 'Edit'}
      </Link>
    </div>
  );
}
