import { z } from 'zod';

// The A2UI v0.9 Basic Catalog, read leniently. Property names follow the catalog's JSON Schema
// (google/A2UI specification/v0_9/catalogs/basic/catalog.json, "A2UI Basic Catalog") and its common types
// (specification/v0_9/json/common_types.json: DynamicString/Number/Boolean/StringList, ChildList, Checkable, Action).
// A component whose name this console does not know, or whose properties it cannot read, becomes
// `{kind:'unknown', name}`: the form names it, never crashes on it. Unknown extra properties are dropped, as the
// server drops them.

export const BASIC_CATALOG_ID = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
export const A2UI_VERSION = 'v0.9.1';

/** A data-model binding: an absolute ("/x") or, inside a template, relative ("x") JSON pointer. */
export interface Binding {
  path: string;
}
/** A call of a catalog function (common_types.json FunctionCall), evaluated where it is shown (functions/). */
export interface FunctionCall {
  call: string;
  args?: Record<string, unknown> | undefined;
}
/** A literal, a binding, or a function call. */
export type Dynamic<T> = T | Binding | FunctionCall;

const binding = z.object({ path: z.string() });
const call = z
  .object({ call: z.string(), args: z.record(z.string(), z.unknown()).optional().catch(undefined) })
  .transform(({ call: name, args }): FunctionCall => (args === undefined ? { call: name } : { call: name, args }));
// `{literalString:"…"}` (and its kin) is the v0.8 wording some agents still use: read as the literal.
const dynamic = <T extends z.ZodType>(literal: T, legacyKey: string) =>
  z.union([
    literal,
    binding.transform(({ path }): Binding => ({ path })),
    z.object({ [legacyKey]: literal }).transform((value) => value[legacyKey] as z.infer<T>),
    call,
  ]);
export const dynamicString = dynamic(z.string(), 'literalString');
const dynamicNumber = dynamic(z.number(), 'literalNumber');
const dynamicBoolean = dynamic(z.boolean(), 'literalBoolean');
const dynamicStringList = dynamic(z.array(z.string()), 'literalArray');

/** A check (Checkable.checks): a logic expression that must hold, and the message shown when it does not. */
export interface Check {
  message: string;
  /** The expression: `{call, args}`, `{and:[…]}`, `{or:[…]}`, `{not:…}`, `{true:true}`; kept as sent. */
  condition: unknown;
}
const check = z
  .object({ message: z.string() })
  .loose()
  .transform(({ message, ...rest }): Check => ({ message, condition: 'condition' in rest ? rest.condition : rest }));
const checks = z.array(check).catch([]).default([]);

/** Children: a fixed list of ids, or a template repeated for each item of a list in the data model. */
const childList = z.union([z.array(z.string()), z.object({ componentId: z.string(), path: z.string() })]);
// What every component may carry (common_types.json ComponentCommon, catalog CatalogComponentCommon): its share of a
// Row or Column, and the words assistive technology says for it.
const weight = {
  weight: z.number().optional(),
  accessibility: z
    .object({ label: dynamicString.optional(), description: dynamicString.optional() })
    .optional()
    .catch(undefined),
};

const text = z.object({
  component: z.literal('Text'),
  text: dynamicString,
  variant: z.enum(['h1', 'h2', 'h3', 'h4', 'h5', 'caption', 'body']).catch('body').default('body'),
  ...weight,
});
const image = z.object({
  component: z.literal('Image'),
  url: dynamicString,
  description: dynamicString.optional(),
  fit: z.enum(['contain', 'cover', 'fill', 'none', 'scaleDown']).catch('fill').default('fill'),
  variant: z
    .enum(['icon', 'avatar', 'smallFeature', 'mediumFeature', 'largeFeature', 'header'])
    .catch('mediumFeature')
    .default('mediumFeature'),
  ...weight,
});
const icon = z.object({
  component: z.literal('Icon'),
  name: z.union([dynamicString, z.object({ svgPath: z.string() })]),
  // Not in the v0.9 catalog; some agents send an icon as a picture: it is media, loaded only with consent.
  url: dynamicString.optional(),
  ...weight,
});
const video = z.object({ component: z.literal('Video'), url: dynamicString, ...weight });
const audio = z.object({
  component: z.literal('AudioPlayer'),
  url: dynamicString,
  description: dynamicString.optional(),
  ...weight,
});
const justify = z
  .enum(['start', 'center', 'end', 'spaceBetween', 'spaceAround', 'spaceEvenly', 'stretch'])
  .catch('start')
  .default('start');
const align = z.enum(['start', 'center', 'end', 'stretch']).catch('stretch').default('stretch');
const row = z.object({ component: z.literal('Row'), children: childList, justify, align, ...weight });
const column = z.object({ component: z.literal('Column'), children: childList, justify, align, ...weight });
const list = z.object({
  component: z.literal('List'),
  children: childList,
  direction: z.enum(['vertical', 'horizontal']).catch('vertical').default('vertical'),
  align,
  ...weight,
});
const card = z.object({ component: z.literal('Card'), child: z.string(), ...weight });
const tabs = z.object({
  component: z.literal('Tabs'),
  tabs: z.array(z.object({ title: dynamicString, child: z.string() })).min(1),
  ...weight,
});
const modal = z.object({ component: z.literal('Modal'), trigger: z.string(), content: z.string(), ...weight });
const divider = z.object({
  component: z.literal('Divider'),
  axis: z.enum(['horizontal', 'vertical']).catch('horizontal').default('horizontal'),
  ...weight,
});
const action = z.union([
  z.object({
    event: z.object({ name: z.string().min(1), context: z.record(z.string(), z.unknown()).optional() }),
  }),
  z.object({ functionCall: z.object({ call: z.string() }).loose() }),
]);
const button = z.object({
  component: z.literal('Button'),
  child: z.string(),
  variant: z.enum(['default', 'primary', 'borderless']).catch('default').default('default'),
  action,
  checks,
  ...weight,
});
const textField = z.object({
  component: z.literal('TextField'),
  label: dynamicString,
  value: dynamicString.optional(),
  variant: z.enum(['shortText', 'longText', 'number', 'obscured']).catch('shortText').default('shortText'),
  validationRegexp: z.string().optional(),
  checks,
  ...weight,
});
const checkBox = z.object({
  component: z.literal('CheckBox'),
  label: dynamicString,
  value: dynamicBoolean,
  checks,
  ...weight,
});
const choicePicker = z.object({
  component: z.literal('ChoicePicker'),
  label: dynamicString.optional(),
  variant: z.enum(['multipleSelection', 'mutuallyExclusive']).catch('mutuallyExclusive').default('mutuallyExclusive'),
  options: z.array(z.object({ label: dynamicString, value: z.string() })),
  value: dynamicStringList,
  displayStyle: z.enum(['checkbox', 'chips']).catch('checkbox').default('checkbox'),
  filterable: z.boolean().catch(false).default(false),
  checks,
  ...weight,
});
const slider = z.object({
  component: z.literal('Slider'),
  label: dynamicString.optional(),
  min: z.number().default(0),
  max: z.number(),
  value: dynamicNumber,
  checks,
  ...weight,
});
const dateTimeInput = z.object({
  component: z.literal('DateTimeInput'),
  value: dynamicString,
  enableDate: z.boolean().catch(false).default(false),
  enableTime: z.boolean().catch(false).default(false),
  min: dynamicString.optional(),
  max: dynamicString.optional(),
  label: dynamicString.optional(),
  checks,
  ...weight,
});

// The v0.9.1 Basic Catalog's 19th component (a later upstream change, a2ui-project/a2ui).
const progressBar = z.object({
  component: z.literal('ProgressBar'),
  value: dynamicNumber,
  max: z.number().positive().catch(100).default(100),
  label: dynamicString.optional(),
  variant: z.enum(['determinate', 'indeterminate']).catch('determinate').default('determinate'),
  showPercentage: z.boolean().catch(false).default(false),
  ...weight,
});

const known = z.discriminatedUnion('component', [
  text,
  image,
  icon,
  video,
  audio,
  row,
  column,
  list,
  card,
  tabs,
  modal,
  divider,
  button,
  textField,
  checkBox,
  choicePicker,
  slider,
  dateTimeInput,
  progressBar,
]);

type Known = z.output<typeof known>;
/** A Basic Catalog component, its id beside its properties; `kind` is the catalog's component name. */
export type KnownComponent = {
  [K in Known['component']]: Omit<Extract<Known, { component: K }>, 'component'> & {
    kind: K;
    id: string;
  };
}[Known['component']];
/** A component this console cannot show: its name as sent (or its JSON type when it had none). */
export interface UnknownComponent {
  kind: 'unknown';
  id: string;
  name: string;
}
export type Component = KnownComponent | UnknownComponent;
export type ComponentOf<K extends Component['kind']> = Extract<Component, { kind: K }>;

/** One component of an `updateComponents` list, or null when it has no id to be referred to by. */
export function readComponent(raw: unknown): Component | null {
  if (typeof raw !== 'object' || raw === null || !('id' in raw) || typeof raw.id !== 'string') return null;
  const id = raw.id;
  const parsed = known.safeParse(raw);
  if (parsed.success) {
    const { component, ...props } = parsed.data;
    return { ...props, kind: component, id } as KnownComponent;
  }
  const name = 'component' in raw && typeof raw.component === 'string' ? raw.component : 'component without a name';
  return { kind: 'unknown', id, name };
}

/** The ids a component shows inside it (templates excluded: they depend on the data model). */
export function childIdsOf(component: Component): string[] {
  switch (component.kind) {
    case 'Row':
    case 'Column':
    case 'List':
      return Array.isArray(component.children) ? component.children : [component.children.componentId];
    case 'Card':
    case 'Button':
      return [component.child];
    case 'Tabs':
      return component.tabs.map((tab) => tab.child);
    case 'Modal':
      return [component.trigger, component.content];
    default:
      return [];
  }
}
