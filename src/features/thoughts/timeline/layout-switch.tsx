import { useThoughtViewApi, useThoughtViewStore, type ThoughtsLayout } from '@/features/thoughts/thought-view-store';

const choices: readonly [ThoughtsLayout, string][] = [
  ['tree', 'Tree'],
  ['timeline', 'Timeline'],
];

interface LayoutSwitchProps {
  treeWord?: string;
  /** A choice of the page's own (a run's states), instead of the thoughts' choice remembered on this device. */
  own?: { layout: ThoughtsLayout; onChoose(layout: ThoughtsLayout): void };
}

/** "Tree | Timeline": how thoughts are shown, remembered on this device; or, given `own`, another view's choice. */
export function LayoutSwitch({ treeWord = 'Tree', own }: LayoutSwitchProps) {
  const remembered = useThoughtsLayout();
  const store = useThoughtViewApi();
  const layout = own?.layout ?? remembered;
  const choose = own?.onChoose ?? ((value: ThoughtsLayout) => store.getState().layoutChosen(value));
  return (
    <div role="group" aria-label="Show as" className="timebar-switch">
      {choices.map(([value, word]) => (
        <button
          key={value}
          type="button"
          className="button button-small"
          aria-pressed={layout === value}
          onClick={() => choose(value)}
        >
          {value === 'tree' ? treeWord : word}
        </button>
      ))}
    </div>
  );
}

export const useThoughtsLayout = (): ThoughtsLayout => useThoughtViewStore((state) => state.layout);
