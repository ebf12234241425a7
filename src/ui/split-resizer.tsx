import { useEffect, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { webStorage } from '@/lib/storage/web-storage';

/** The range a split may take, in its unit: pixels for a fixed pane, per cent of the container for a shared one. */
export interface SplitLimits {
  min: number;
  max: number;
  initial: number;
  /** How far one arrow key press moves the handle. */
  step: number;
  unit: 'px' | '%';
}

const clampTo = (limits: SplitLimits, size: number) => Math.round(Math.min(limits.max, Math.max(limits.min, size)));

function storedSize(storageKey: string, limits: SplitLimits): number {
  const stored = Number(webStorage().local.get(storageKey));
  return Number.isFinite(stored) && stored > 0 ? clampTo(limits, stored) : limits.initial;
}

/** A pane's size, remembered in this browser under `storageKey` (a layout choice, not a secret). */
export function useStoredSize(storageKey: string, limits: SplitLimits) {
  const [size, setSize] = useState(() => storedSize(storageKey, limits));
  useEffect(() => void webStorage().local.set(storageKey, String(size), { what: 'a pane size' }), [storageKey, size]);
  return { size, setSize: (next: number) => setSize(clampTo(limits, next)) };
}

/**
 * A vertical separator that sizes the pane before it: drag it, or focus it and use ←/→ (Home/End for the limits).
 * With a size in per cent, a drag is measured against the width of the element that holds the handle.
 */
export function SplitResizer({
  label,
  size,
  limits,
  onResize,
  className,
}: {
  label: string;
  size: number;
  limits: SplitLimits;
  onResize(size: number): void;
  className: string;
}) {
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    const perPixel = limits.unit === 'px' ? 1 : 100 / Math.max(1, handle.parentElement?.clientWidth ?? 1);
    const move = (moved: globalThis.PointerEvent) => onResize(size + (moved.clientX - startX) * perPixel);
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
    const keys: Record<string, number> = {
      ArrowLeft: size - limits.step,
      ArrowRight: size + limits.step,
      Home: limits.min,
      End: limits.max,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onResize(next);
  };
  return (
    <div
      className={className}
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuemin={limits.min}
      aria-valuemax={limits.max}
      aria-valuenow={size}
      aria-valuetext={limits.unit === 'px' ? `${size} pixels` : `${size}%`}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
