import type { ReactNode } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import './controls.css';

export interface MenuAction {
  id: string;
  label: string;
  /** A destructive action: set apart at the end and coloured as a warning. */
  danger?: boolean;
  disabled?: boolean;
  onAction(): void;
}

/**
 * A real menu (WAI-ARIA menu button): opens on click, Enter, Space or ArrowDown, arrows move, Esc closes and returns
 * focus to the trigger. Dangerous actions come last, after a separator.
 */
export function ActionMenu({
  label,
  trigger,
  actions,
  triggerClassName = 'menu-trigger',
}: {
  label: string;
  trigger?: ReactNode;
  actions: MenuAction[];
  triggerClassName?: string;
}) {
  const safe = actions.filter((action) => !action.danger);
  const dangerous = actions.filter((action) => action.danger);
  const disabledKeys = actions.filter((action) => action.disabled).map((action) => action.id);
  const byId = new Map(actions.map((action) => [action.id, action]));
  return (
    <MenuTrigger>
      <AriaButton className={triggerClassName} aria-label={label}>
        {trigger ?? <span aria-hidden="true">⋯</span>}
      </AriaButton>
      <Popover className="menu-popover" placement="bottom end">
        <Menu
          className="menu"
          aria-label={label}
          disabledKeys={disabledKeys}
          onAction={(key) => byId.get(String(key))?.onAction()}
        >
          {safe.map((action) => (
            <MenuItem key={action.id} id={action.id} className="menu-item">
              {action.label}
            </MenuItem>
          ))}
          {dangerous.length > 0 && safe.length > 0 ? <Separator className="menu-separator" /> : null}
          {dangerous.map((action) => (
            <MenuItem key={action.id} id={action.id} className="menu-item menu-item-danger">
              {action.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
