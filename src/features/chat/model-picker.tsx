import { useId, useState } from 'react';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { useSelectionStore } from './selection-store';
import { useModelChoices } from './use-assistant-catalog';

const custom = '__custom__';

/** "Assistant default" first, then the server's models; any other name can be typed (sent as llmModel). */
export function ModelPicker({ fallback }: { fallback: RuntimeConfig['fallbacks']['models'] }) {
  const model = useSelectionStore((state) => state.model);
  const { models, loading } = useModelChoices(fallback);
  const known = model === '' || models.some((choice) => choice.value === model);
  const [otherChosen, setOtherChosen] = useState(false);
  // A saved name the list does not have is shown as typed text, once the list has loaded.
  const typing = otherChosen || (!known && !loading);
  const id = useId();
  const choose = (value: string) => {
    setOtherChosen(value === custom);
    if (value !== custom) useSelectionStore.getState().modelChosen(value);
  };
  return (
    <div className="model-picker">
      <label htmlFor={id}>Model</label>
      <select id={id} value={typing ? custom : known ? model : ''} onChange={(event) => choose(event.target.value)}>
        <option value="">Assistant default</option>
        {models.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
            {choice.isDefault ? ' (platform default)' : ''}
          </option>
        ))}
        <option value={custom}>Other model…</option>
      </select>
      {typing ? (
        <>
          <label htmlFor={`${id}-custom`} className="visually-hidden">
            Model name
          </label>
          <input id={`${id}-custom`} className="mono" placeholder="base_name, e.g. gpt-4.1" value={model} onChange={(event) => useSelectionStore.getState().modelChosen(event.target.value)} />
        </>
      ) : null}
    </div>
  );
}
