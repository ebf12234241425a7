import { useState } from 'react';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import type { IdCheck } from '@/domain/catalog/assistant-id';
import { AddByIdForm } from './add-by-id-form';
import '@/ui/button.css';

/** "Add by ID" beside a catalog picker: a small dialog with the ID field, closed once the ID is taken. */
export function AddByIdPopover({
  label,
  check,
  onAdd,
  compact = false,
}: {
  label: string;
  check(value: string): IdCheck;
  onAdd(id: string): void;
  /** A narrow row: the button reads "+ ID" (still named "Add by ID"), leaving the room to the picker's name. */
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button
        className="button button-small button-quiet add-by-id-trigger"
        {...(compact ? { 'aria-label': 'Add by ID' } : {})}
      >
        {compact ? (
          <>
            <span aria-hidden="true">+</span> ID
          </>
        ) : (
          'Add by ID'
        )}
      </Button>
      <Popover className="catalog-popover add-by-id-popover" placement="bottom end" offset={4}>
        <Dialog className="add-by-id-dialog" aria-label={label.replace(/ by ID$/, '')}>
          <AddByIdForm
            label={label}
            check={check}
            autoFocus
            onAdd={(id) => {
              onAdd(id);
              setOpen(false);
            }}
          />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
