import { useState } from 'react';
import { fixedKey } from '@/lib/storage/storage-registry';
import { webStorage } from '@/lib/storage/web-storage';

/** A run's states as a list (with their outputs) or as a timeline (their times side by side). */
export type StatesLayout = 'tree' | 'timeline';

// The run page's own choice, remembered on this device apart from the chat's Tree | Timeline: reading an answer's
// reasoning as bars says nothing about how a person wants to read a run's states, and the other way round.
const layoutKey = fixedKey('runStatesLayout');

const rememberedLayout = (): StatesLayout => (webStorage().local.get(layoutKey) === 'timeline' ? 'timeline' : 'tree');

/** The states' layout and its chooser; the choice is kept for the next run page (and the next visit). */
export function useStatesLayout(): [StatesLayout, (layout: StatesLayout) => void] {
  const [layout, setLayout] = useState(rememberedLayout);
  const choose = (next: StatesLayout) => {
    // Refused by the browser (private mode, full): the choice still holds for this page.
    webStorage().local.set(layoutKey, next, { what: 'the list or timeline choice of run states' });
    setLayout(next);
  };
  return [layout, choose];
}
