import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { CompactSelect, type SelectChoice, type SelectSection } from '@/ui/compact-select';
import { useAssistantChoices, useModelChoices } from '@/features/chat/toolbar/use-assistant-catalog';

/** Who answers on one side: an assistant and the model asked for ('' for the assistant's default). */
export interface SideChoice {
  assistant: { id: string; name: string } | null;
  model: string;
}

export const sameSide = (one: SideChoice, other: SideChoice) =>
  one.assistant !== null && one.assistant.id === other.assistant?.id && one.model.trim() === other.model.trim();

/** The words a side is shown with: "Records Keeper · gpt-4.1" (the model only where one was asked for). */
export const sideName = (side: SideChoice) =>
  side.assistant ? `${side.assistant.name}${side.model ? ` · ${side.model}` : ''}` : 'no assistant yet';

interface SideChoicePickerProps {
  /** "First" or "Second": the group's name, read before each control. */
  label: string;
  fallbacks: RuntimeConfig['fallbacks'];
  value: SideChoice;
  onChange(value: SideChoice): void;
}

/** One side's assistant and model, picked from the server's lists (the configured ones where it has none). */
export function SideChoicePicker({ label, fallbacks, value, onChange }: SideChoicePickerProps) {
  const { assistants } = useAssistantChoices('', fallbacks.assistants, []);
  const { models, routers } = useModelChoices(fallbacks.models);
  const assistantChoices: SelectChoice[] = assistants.map(({ id, name }) => ({ id, label: name }));
  // The chosen one stays listed even when the server's first page does not hold it (added by ID, or further down).
  if (value.assistant && !assistantChoices.some((choice) => choice.id === value.assistant?.id))
    assistantChoices.unshift({ id: value.assistant.id, label: value.assistant.name });
  const listed = (choice: { value: string; label: string }): SelectChoice => ({
    id: choice.value,
    label: choice.label,
  });
  const modelChoices: (SelectChoice | SelectSection)[] = [
    { id: '', label: 'Assistant default' },
    ...models.map(listed),
    ...(routers.length ? [{ section: 'Routers', choices: routers.map(listed) }] : []),
  ];
  const modelKnown = value.model === '' || [...models, ...routers].some((choice) => choice.value === value.model);
  if (!modelKnown) modelChoices.push({ id: value.model, label: value.model });
  return (
    <fieldset className="side-choice">
      <legend>{label}</legend>
      <CompactSelect
        label={`${label} assistant`}
        choices={assistantChoices}
        value={value.assistant?.id ?? null}
        shown={value.assistant ? undefined : 'Choose…'}
        onChange={(id) => {
          const picked = assistantChoices.find((choice) => choice.id === id);
          if (picked) onChange({ ...value, assistant: { id: picked.id, name: picked.label } });
        }}
      />
      <CompactSelect
        label={`${label} model`}
        choices={modelChoices}
        value={value.model}
        onChange={(model) => onChange({ ...value, model })}
      />
    </fieldset>
  );
}
