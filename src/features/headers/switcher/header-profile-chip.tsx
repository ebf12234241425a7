import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Button, Dialog, DialogTrigger, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { ForwardingSwitch } from './forwarding-switch';
import { useProfilesStore } from '@/features/headers/profiles/profiles-store';
import { problemsText, useProfileChoices } from './use-profile-choices';
import './header-switcher.css';
import '@/ui/controls.css';

/**
 * The active header profile as a small chip ("Headers · Tenant A · 2", or "Headers off"); it opens a quick switcher
 * with the profiles, the forwarding switch and the way to the Headers screen. Problems stay in view beside it.
 */
export function HeaderProfileChip({ problems }: { problems: readonly string[] }) {
  const { choices, activeId, activeLabel, disabled } = useProfileChoices();
  const forwarding = useProfilesStore((state) => state.forwarding);
  const profileActivated = useProfilesStore((state) => state.profileActivated);
  const [open, setOpen] = useState(false);
  const captionId = useId();
  return (
    <div
      className={`header-switcher header-switcher-chip${problems.length ? ' header-switcher-invalid' : ''}`}
      role="group"
      aria-label="Custom headers"
    >
      <DialogTrigger isOpen={open} onOpenChange={setOpen}>
        <Button className={`control control-chip header-chip${problems.length ? ' control-invalid' : ''}`}>
          <span className="control-label">Headers</span>
          <span className={`control-value${forwarding ? '' : ' header-chip-off'}`}>
            {forwarding ? (activeLabel ?? 'none') : 'off'}
          </span>
          <span className="control-caret" aria-hidden="true">
            ▾
          </span>
        </Button>
        <Popover className="menu-popover header-quick-switcher" placement="bottom end">
          <Dialog aria-label="Custom headers" className="header-quick-switcher-body">
            <p id={captionId} className="control-label header-quick-switcher-caption">
              Header profile
            </p>
            <ListBox
              aria-labelledby={captionId}
              className="menu"
              items={choices}
              selectionMode="single"
              disallowEmptySelection
              selectedKeys={activeId ? [activeId] : []}
              disabledKeys={disabled ? choices.map((choice) => choice.id) : []}
              onSelectionChange={(keys) => {
                const [id] = keys === 'all' ? [] : [...keys];
                if (id === undefined) return;
                profileActivated(String(id));
                setOpen(false);
              }}
            >
              {(choice) => (
                <ListBoxItem id={choice.id} textValue={choice.label} className="menu-item select-item">
                  {choice.label}
                </ListBoxItem>
              )}
            </ListBox>
            <ForwardingSwitch />
            <Link to="/headers" className="small" onClick={() => setOpen(false)}>
              Edit header profiles
            </Link>
          </Dialog>
        </Popover>
      </DialogTrigger>
      {problems.length ? (
        <Link to="/headers" className="small header-switcher-link">
          {problemsText(problems.length)}
        </Link>
      ) : null}
    </div>
  );
}
