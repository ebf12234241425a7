import { useState } from 'react';
import {
  Checkbox,
  CheckboxGroup,
  FieldError,
  Input,
  Label,
  Radio,
  RadioGroup,
  Slider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
  TextArea,
  TextField,
} from 'react-aria-components';
import { boundPath, resolveBoolean, resolveNumber, resolveString, resolveStringList } from '@/domain/a2ui/binding';
import type { ComponentOf } from '@/domain/a2ui/catalog';
import { isRequired } from '@/domain/a2ui/checks';
import { placementKey } from '@/domain/a2ui/tree';
import { dateTimeKind, inputValue } from '@/domain/a2ui/validate';
import type { RenderContext } from './a2ui-context';

// The Basic Catalog's inputs on react-aria-components. Each edits the data model at the pointer its `value` is bound
// to (a literal value is shown, and cannot change). Labels and options are plain text.

export type InputComponent =
  | ComponentOf<'TextField'>
  | ComponentOf<'CheckBox'>
  | ComponentOf<'ChoicePicker'>
  | ComponentOf<'Slider'>
  | ComponentOf<'DateTimeInput'>;

interface InputProps<C extends InputComponent> {
  component: C;
  scope: string;
  ctx: RenderContext;
}

function useField<C extends InputComponent>({ component, scope, ctx }: InputProps<C>) {
  const path = boundPath(component.value, scope);
  const problem = ctx.problems[placementKey(component.id, scope)];
  return {
    path,
    problem,
    common: {
      isDisabled: ctx.disabled,
      isReadOnly: path === null,
      isInvalid: problem !== undefined,
      validationBehavior: 'aria' as const,
      'data-a2ui-id': component.id,
    },
    set: (value: unknown) => {
      if (path !== null) ctx.setValue(path, value);
    },
  };
}

const Required = ({ checks }: { checks: InputComponent['checks'] }) =>
  isRequired(checks) ? <span className="muted"> (required)</span> : null;

function TextFieldView(props: InputProps<ComponentOf<'TextField'>>) {
  const { component, scope, ctx } = props;
  const { common, problem, set } = useField(props);
  const variant = component.variant;
  return (
    <TextField
      {...common}
      className="a2ui-field"
      value={resolveString(component.value, ctx.model, scope)}
      onChange={set}
      {...(variant === 'obscured' ? { type: 'password', autoComplete: 'off' } : {})}
      {...(variant === 'number' ? { inputMode: 'decimal' as const } : {})}
    >
      <Label>
        {resolveString(component.label, ctx.model, scope)}
        <Required checks={component.checks} />
      </Label>
      {variant === 'longText' ? <TextArea className="control" rows={3} /> : <Input className="control" />}
      <FieldError className="a2ui-problem">{problem}</FieldError>
    </TextField>
  );
}

function CheckBoxView(props: InputProps<ComponentOf<'CheckBox'>>) {
  const { component, scope, ctx } = props;
  const { common, problem, set, path } = useField(props);
  const key = placementKey(component.id, scope);
  const problemId = `a2ui-problem-${ctx.surface.surfaceId}-${key}`;
  return (
    <div className="a2ui-field">
      <Checkbox
        {...common}
        className="a2ui-check"
        isSelected={resolveBoolean(component.value, ctx.model, scope)}
        onChange={set}
        isReadOnly={path === null}
        {...(problem ? { 'aria-describedby': problemId } : {})}
      >
        <span className="a2ui-box" aria-hidden="true" />
        {resolveString(component.label, ctx.model, scope)}
        <Required checks={component.checks} />
      </Checkbox>
      {problem ? (
        <p id={problemId} className="a2ui-problem">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function ChoicePickerView(props: InputProps<ComponentOf<'ChoicePicker'>>) {
  const { component, scope, ctx } = props;
  const { common, problem, set } = useField(props);
  const [filter, setFilter] = useState('');
  const chosen = resolveStringList(component.value, ctx.model, scope);
  const label = resolveString(component.label, ctx.model, scope);
  const labelled = label ? {} : { 'aria-label': 'Choose' };
  const options = component.options.map((option) => ({
    value: option.value,
    label: resolveString(option.label, ctx.model, scope) || option.value,
  }));
  // `filterable`: a search box narrows the options shown (what is chosen stays chosen).
  const needle = filter.trim().toLocaleLowerCase();
  const shown = needle ? options.filter((option) => option.label.toLocaleLowerCase().includes(needle)) : options;
  const legend = label ? (
    <Label>
      {label}
      <Required checks={component.checks} />
    </Label>
  ) : null;
  const search = component.filterable ? (
    <input
      type="search"
      className="control a2ui-filter"
      aria-label={`Filter ${label || 'the options'}`}
      placeholder="Filter"
      value={filter}
      disabled={common.isDisabled}
      onChange={(event) => setFilter(event.target.value)}
    />
  ) : null;
  // `displayStyle: chips` draws the options as pills; they stay checkboxes or radio buttons to assistive technology.
  const optionsClass = `a2ui-options${component.displayStyle === 'chips' ? ' a2ui-chips' : ''}`;
  if (component.variant === 'multipleSelection')
    return (
      <CheckboxGroup {...common} {...labelled} className="a2ui-field a2ui-choice" value={chosen} onChange={set}>
        {legend}
        {search}
        <div className={optionsClass}>
          {shown.map((option) => (
            <Checkbox key={option.value} value={option.value} className="a2ui-check">
              <span className="a2ui-box" aria-hidden="true" />
              {option.label}
            </Checkbox>
          ))}
        </div>
        <FieldError className="a2ui-problem">{problem}</FieldError>
      </CheckboxGroup>
    );
  return (
    <RadioGroup
      {...common}
      {...labelled}
      className="a2ui-field a2ui-choice"
      value={chosen[0] ?? null}
      onChange={(value) => set([value])}
    >
      {legend}
      {search}
      <div className={optionsClass}>
        {shown.map((option) => (
          <Radio key={option.value} value={option.value} className="a2ui-check a2ui-radio">
            <span className="a2ui-box" aria-hidden="true" />
            {option.label}
          </Radio>
        ))}
      </div>
      <FieldError className="a2ui-problem">{problem}</FieldError>
    </RadioGroup>
  );
}

function SliderView(props: InputProps<ComponentOf<'Slider'>>) {
  const { component, scope, ctx } = props;
  const { common, problem, set } = useField(props);
  const value = resolveNumber(component.value, ctx.model, scope) ?? component.min;
  const label = resolveString(component.label, ctx.model, scope) || 'Value';
  return (
    <Slider
      isDisabled={common.isDisabled || common.isReadOnly}
      data-a2ui-id={component.id}
      className="a2ui-field a2ui-slider"
      minValue={component.min}
      maxValue={component.max}
      value={value}
      onChange={(next) => set(Array.isArray(next) ? next[0] : next)}
    >
      <div className="a2ui-slider-head">
        <Label>{label}</Label>
        <SliderOutput className="small muted" />
      </div>
      <SliderTrack className="a2ui-slider-track">
        <SliderThumb className="a2ui-slider-thumb" {...(problem ? { 'aria-invalid': true } : {})} />
      </SliderTrack>
      {problem ? <p className="a2ui-problem">{problem}</p> : null}
    </Slider>
  );
}

const inputTypes = { date: 'date', time: 'time', 'date-time': 'datetime-local' } as const;

function DateTimeView(props: InputProps<ComponentOf<'DateTimeInput'>>) {
  const { component, scope, ctx } = props;
  const { common, problem, set } = useField(props);
  const kind = dateTimeKind(component);
  const min = resolveString(component.min, ctx.model, scope);
  const max = resolveString(component.max, ctx.model, scope);
  const label = resolveString(component.label, ctx.model, scope) || (kind === 'time' ? 'Time' : 'Date');
  return (
    <TextField
      {...common}
      className="a2ui-field"
      value={inputValue(kind, resolveString(component.value, ctx.model, scope))}
      onChange={set}
    >
      <Label>
        {label}
        <Required checks={component.checks} />
      </Label>
      <Input className="control" type={inputTypes[kind]} {...(min ? { min } : {})} {...(max ? { max } : {})} />
      <FieldError className="a2ui-problem">{problem}</FieldError>
    </TextField>
  );
}

/** One input of the catalog. */
export function InputView({ component, scope, ctx }: InputProps<InputComponent>) {
  switch (component.kind) {
    case 'TextField':
      return <TextFieldView component={component} scope={scope} ctx={ctx} />;
    case 'CheckBox':
      return <CheckBoxView component={component} scope={scope} ctx={ctx} />;
    case 'ChoicePicker':
      return <ChoicePickerView component={component} scope={scope} ctx={ctx} />;
    case 'Slider':
      return <SliderView component={component} scope={scope} ctx={ctx} />;
    case 'DateTimeInput':
      return <DateTimeView component={component} scope={scope} ctx={ctx} />;
  }
}
