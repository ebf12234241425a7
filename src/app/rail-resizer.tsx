import { useEffect, useState, type KeyboardEvent, type PointerEvent } from 'react';

// The rail's width, dragged or set with the arrow keys, remembered in this browser (a layout choice, not a secret).
const storageKey = 'assistant-console.rail-width';
const limits = { min: 180, max: 480, initial: 240, step: 16 } as const;

const clamp = (width: number) => Math.round(Math.min(limits.max, Math.max(limits.min, width)));

function storedWidth(): number {
  const stored = Number(localStorage.getItem(storageKey));
  return Number.isFinite(stored) && stored > 0 ? clamp(stored) : limits.initial;
}

/** The rail's width as a CSS value, and the handle that changes it. */
export function useRailWidth() {
  const [width, setWidth] = useState(storedWidth);
  useEffect(() => localStorage.setItem(storageKey, String(width)), [width]);
  return { width, setWidth: (next: number) => setWidth(clamp(next)) };
}

/** A separator between the rail and the screen: drag it, or focus it and use ←/→ (Home/End for the limits). */
export function RailResizer({ width, onResize }: { width: number; onResize(width: number): void }) {
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    const move = (moved: globalThis.PointerEvent) => onResize(width + moved.clientX - startX);
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = { ArrowLeft: width - limits.step, ArrowRight: width + limits.step, Home: limits.min, End: limits.max };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onResize(next);
  };
  return (
    <div
      className="rail-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label="Rail width"
      aria-valuemin={limits.min}
      aria-valuemax={limits.max}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
