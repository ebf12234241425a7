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
}: {
  label: string;
  check(value: string): IdCheck;
  onAdd(id: string): void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button className="button button-small button-quiet add-by-id-trigger">Add by ID</Button>
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
