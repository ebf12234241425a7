import { useId, type ReactNode, type Ref } from 'react';
import {
  Button,
  Header,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components';
import './controls.css';

export interface SelectChoice {
  id: string;
  label: string;
  /** A short note after the label, e.g. "platform default". */
  detail?: string | undefined;
  /** Read as the choice's description, and shown under it while it is hovered or focused (e.g. a router's tiers). */
  description?: string | undefined;
}

/** Choices listed apart under a heading (e.g. "Routers"), among the others. */
export interface SelectSection {
  section: string;
  choices: readonly SelectChoice[];
}

const isSection = (entry: SelectChoice | SelectSection): entry is SelectSection => 'section' in entry;

function Choice({ choice }: { choice: SelectChoice }) {
  const label = choice.detail ? `${choice.label}, ${choice.detail}` : choice.label;
  return (
    <ListBoxItem
      id={choice.id}
      textValue={choice.label}
      // Read as "GPT-4.1, platform default", not run together (and without its description).
      {...(choice.detail || choice.description ? { 'aria-label': label } : {})}
      className="menu-item select-item"
    >
      {({ isFocused, isHovered }) => (
        <>
          {choice.label}
          {choice.detail ? <span className="select-item-detail">{choice.detail}</span> : null}
          {choice.description ? (
            <Text slot="description" className={isFocused || isHovered ? 'select-item-description' : 'visually-hidden'}>
              {choice.description}
            </Text>
          ) : null}
        </>
      )}
    </ListBoxItem>
  );
}

interface CompactSelectProps {
  /** Opens the list from outside (a failure that asks for another choice); with `onOpenChange`. */
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The caption shown in the control and read as its name. */
  label: string;
  /** Hide the caption (a chip whose neighbours already say what it is); it is still read. */
  labelHidden?: boolean | undefined;
  /** Choices in order; a section among them is listed under its heading. */
  choices: readonly (SelectChoice | SelectSection)[];
  value: string | null;
  onChange(id: string): void;
  /** What the closed control shows instead of the chosen choice's label (e.g. a typed model name). */
  shown?: ReactNode;
  isDisabled?: boolean | undefined;
  /** Read after the name (the control's accessible description), e.g. what the chosen value means. */
  description?: string | undefined;
  className?: string | undefined;
  triggerRef?: Ref<HTMLButtonElement> | undefined;
}

/**
 * A react-aria Select in the one control style: caption and value on one line, the list in a popover. The button reads
 * "Model, Assistant default" (caption first, as seen), not react-aria's value-first "Assistant default, Model".
 */
export function CompactSelect({
  label,
  labelHidden,
  choices,
  value,
  onChange,
  shown,
  isDisabled,
  description,
  className,
  triggerRef,
  isOpen,
  onOpenChange,
}: CompactSelectProps) {
  const captionId = useId();
  const valueId = useId();
  const descriptionId = useId();
  // Closed, the control shows the chosen label alone: its detail is for the list ("platform default").
  const flat = choices.flatMap((entry) => (isSection(entry) ? entry.choices : [entry]));
  const chosen = flat.find((choice) => choice.id === value)?.label;
  return (
    <Select
      aria-label={label}
      className={`control compact-select${className ? ` ${className}` : ''}`}
      value={value}
      onChange={(key) => key !== null && onChange(String(key))}
      isDisabled={isDisabled ?? false}
      {...(isOpen !== undefined ? { isOpen } : {})}
      {...(onOpenChange ? { onOpenChange } : {})}
    >
      <span id={captionId} className={labelHidden ? 'visually-hidden' : 'control-label'} aria-hidden="true">
        {label}
      </span>
      <Button
        ref={triggerRef}
        className="control-button compact-select-trigger"
        aria-labelledby={`${captionId} ${valueId}`}
        {...(description ? { 'aria-describedby': descriptionId } : {})}
      >
        <SelectValue className="control-value">
          {({ defaultChildren }) => <span id={valueId}>{shown ?? chosen ?? defaultChildren}</span>}
        </SelectValue>
        <span className="control-caret" aria-hidden="true">
          ▾
        </span>
      </Button>
      {description ? (
        <span id={descriptionId} className="visually-hidden">
          {description}
        </span>
      ) : null}
      <Popover className="menu-popover select-popover" placement="bottom start">
        <ListBox className="menu">
          {choices.map((entry) =>
            isSection(entry) ? (
              <ListBoxSection key={`section:${entry.section}`} className="select-section">
                <Header className="select-section-header">{entry.section}</Header>
                {entry.choices.map((choice) => (
                  <Choice key={choice.id} choice={choice} />
                ))}
              </ListBoxSection>
            ) : (
              <Choice key={entry.id} choice={entry} />
            ),
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
