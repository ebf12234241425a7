import { useRef } from 'react';
import { Button } from '@/ui/button';

/** The paperclip: opens the file chooser (several files at once); what is chosen goes to `onFiles`. */
export function AttachButton({ disabled, onFiles }: { disabled: boolean; onFiles(files: File[]): void }) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant="quiet"
        className="attach-button"
        aria-label="Attach files"
        title="Attach files (or drop them here, or paste an image)"
        disabled={disabled}
        onClick={() => picker.current?.click()}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M21 11.5l-8.6 8.6a5.5 5.5 0 01-7.8-7.8l8.6-8.6a3.7 3.7 0 015.2 5.2l-8.6 8.6a1.8 1.8 0 01-2.6-2.6l7.9-7.9"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </Button>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        aria-label="Choose files to attach"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // The same file chosen again (after removing it) is a change too.
          event.target.value = '';
        }}
      />
    </>
  );
}
