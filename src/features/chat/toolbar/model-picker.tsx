import { useEffect, useRef, useState } from 'react';
import { Dialog, Input, Label, Popover, TextField } from 'react-aria-components';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { Button } from '@/ui/button';
import { describeRoutes, type ModelChoice } from '@/domain/catalog/model-list';
import { CompactSelect, type SelectChoice, type SelectSection } from '@/ui/compact-select';
import { modelOf, useSelectionStore } from './selection-store';
import { useModelChoices } from './use-assistant-catalog';
import '@/ui/controls.css';

const assistantDefault = '__assistant-default__';
const other = '__other__';

/**
 * "Assistant default" first, then the server's models, its routers under "Routers" (each read with its tiers), then
 * "Other model…": a name typed in a small popover under the control (sent as llmModel), so the bar keeps its height. A select rather than a free-text combobox: most people
 * pick one of a few models, and a typo should not silently become the model of every message. The choice is the
 * conversation's: a new chat, and another assistant, start from "Assistant default".
 */
export function ModelPicker({
  fallback,
  conversationId,
}: {
  fallback: RuntimeConfig['fallbacks']['models'];
  conversationId: string;
}) {
  const model = useSelectionStore((state) => modelOf(state, conversationId));
  const chosen = useSelectionStore((state) => state.modelChosen);
  const modelChosen = (name: string) => chosen(conversationId, name);
  const { models, routers, loading } = useModelChoices(fallback);
  const known = model === '' || [...models, ...routers].some((choice) => choice.value === model);
  const [typing, setTyping] = useState(false);
  // Opened when a call fails because the project does not allow the model: the list is the way on.
  const unanswered = useSelectionStore((state) => state.modelPickerRequests > state.modelPickerHandled);
  const opened = useSelectionStore((state) => state.modelPickerOpened);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!unanswered) return;
    opened();
    setTyping(false);
    setOpen(true);
  }, [unanswered, opened]);
  const trigger = useRef<HTMLButtonElement>(null);
  // A saved name the list does not have is shown as typed text, once the list has loaded.
  const custom = typing || (!known && !loading);
  const listed = (choice: ModelChoice): SelectChoice => ({
    id: choice.value,
    label: choice.label,
    detail: choice.isDefault ? 'platform default' : undefined,
    description: describeRoutes(choice.tiers),
  });
  const choices: (SelectChoice | SelectSection)[] = [
    { id: assistantDefault, label: 'Assistant default' },
    ...models.map(listed),
    // Routers are picked like models (their base_name is sent as llmModel), listed apart with their tiers.
    ...(routers.length ? [{ section: 'Routers', choices: routers.map(listed) }] : []),
    { id: other, label: 'Other model…' },
  ];
  const choose = (id: string) => {
    if (id === other) return setTyping(true);
    setTyping(false);
    modelChosen(id === assistantDefault ? '' : id);
  };
  const finishTyping = () => {
    setTyping(false);
    // An emptied name means no override: back to the assistant's own model.
    if (!model.trim()) modelChosen('');
  };
  return (
    <>
      <CompactSelect
        label="Model"
        className="model-select"
        triggerRef={trigger}
        choices={choices}
        value={custom ? other : model === '' ? assistantDefault : known ? model : null}
        shown={custom ? <span className="mono">{model || 'Other model…'}</span> : undefined}
        onChange={choose}
        isOpen={open}
        onOpenChange={setOpen}
      />
      <Popover
        triggerRef={trigger}
        isOpen={typing}
        onOpenChange={(open) => !open && finishTyping()}
        placement="bottom start"
        className="menu-popover other-model-popover"
      >
        <Dialog aria-label="Other model" className="other-model">
          <form
            className="row"
            onSubmit={(event) => {
              event.preventDefault();
              finishTyping();
            }}
          >
            <TextField autoFocus value={model} onChange={(value) => modelChosen(value)} className="other-model-field">
              <Label className="control-label">Model name</Label>
              <Input className="mono" placeholder="base_name, e.g. gpt-4.1" />
            </TextField>
            <Button type="submit" size="small">
              Use
            </Button>
          </form>
        </Dialog>
      </Popover>
    </>
  );
}
