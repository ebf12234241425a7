import { Fragment, useEffect, useId, useRef } from 'react';
import { comboKeys, isApplePlatform, type ShortcutDefinition } from './shortcuts';
import './shortcuts-dialog.css';

export interface ShortcutGroup {
  title: string;
  shortcuts: readonly ShortcutDefinition[];
}

interface ShortcutsDialogProps {
  open: boolean;
  onClose(): void;
  groups: readonly ShortcutGroup[];
}

/**
 * The "Keyboard shortcuts" help, as a native modal <dialog>: showModal() traps focus, makes the page behind
 * inert and closes on Esc; focus goes back to where it was.
 */
export function ShortcutsDialog({ open, onClose, groups }: ShortcutsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const apple = isApplePlatform();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    } else if (!open && element.open) element.close();
  }, [open]);

  const closed = () => {
    onClose();
    if (returnTo.current?.isConnected) returnTo.current.focus();
    returnTo.current = null;
  };

  return (
    <dialog
      ref={dialog}
      className="modal-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onClose={closed}
      // A click on the backdrop lands on the dialog element itself; clicks inside land on its content.
      onClick={(event) => event.target === event.currentTarget && dialog.current?.close()}
    >
      <div className="modal-dialog-body">
        <header className="modal-dialog-header">
          <h2 id={titleId}>Keyboard shortcuts</h2>
          <button type="button" className="button button-small" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </header>
        {groups.map((group, groupIndex) => (
          <section key={group.title} aria-labelledby={`${titleId}-${groupIndex}`}>
            <h3 id={`${titleId}-${groupIndex}`} className="small-heading">
              {group.title}
            </h3>
            <dl className="shortcut-list">
              {group.shortcuts.map((shortcut) => (
                <div key={shortcut.label} className="shortcut-row">
                  <dt>
                    {shortcut.label}
                    {shortcut.note ? <span className="muted small"> ({shortcut.note})</span> : null}
                  </dt>
                  <dd>
                    {shortcut.combos.map((combo, index) => (
                      <Fragment key={index}>
                        {index > 0 ? <span className="muted small"> or </span> : null}
                        <span className="shortcut-keys">
                          {comboKeys(combo, apple).map((key) => (
                            <kbd key={key.spoken}>
                              <span aria-hidden="true">{key.shown}</span>
                              <span className="visually-hidden">{key.spoken}</span>
                            </kbd>
                          ))}
                        </span>
                      </Fragment>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </dialog>
  );
}
