import { useThoughtViewApi, useThoughtViewStore, type ThoughtsLayout } from '@/features/thoughts/thought-view-store';

const choices: readonly [ThoughtsLayout, string][] = [
  ['tree', 'Tree'],
  ['timeline', 'Timeline'],
];

/** "Tree | Timeline": how thoughts and run states are shown, remembered on this device. */
export function LayoutSwitch({ treeWord = 'Tree' }: { treeWord?: string }) {
  const layout = useThoughtsLayout();
  const store = useThoughtViewApi();
  return (
    <div role="group" aria-label="Show as" className="timebar-switch">
      {choices.map(([value, word]) => (
        <button
          key={value}
          type="button"
          className="button button-small"
          aria-pressed={layout === value}
          onClick={() => store.getState().layoutChosen(value)}
        >
          {value === 'tree' ? treeWord : word}
        </button>
      ))}
    </div>
  );
}

export const useThoughtsLayout = (): ThoughtsLayout => useThoughtViewStore((state) => state.layout);

/** Chooses tree (list) or timeline, as the switch does. */
export function useLayoutChoice(): (layout: ThoughtsLayout) => void {
  const store = useThoughtViewApi();
  return (layout) => store.getState().layoutChosen(layout);
}
