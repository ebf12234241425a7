import { fixedKey } from '@/lib/storage/storage-registry';
import { SplitResizer, useStoredSize, type SplitLimits } from '@/ui/split-resizer';

const limits: SplitLimits = { min: 180, max: 480, initial: 240, step: 16, unit: 'px' };

/** The rail's width in pixels, dragged or set with the arrow keys, remembered in this browser. */
export function useRailWidth() {
  const { size, setSize } = useStoredSize(fixedKey('railWidth'), limits);
  return { width: size, setWidth: setSize };
}

export function RailResizer({ width, onResize }: { width: number; onResize(width: number): void }) {
  return <SplitResizer className="rail-resizer" label="Rail width" size={width} limits={limits} onResize={onResize} />;
}
