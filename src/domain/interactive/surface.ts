import { z } from 'zod';

// The surface of an agent's question (`interactive_request`), in the element catalog real servers emit
// (DEPLOYED-API.md §3). Read leniently: defaults as the server fills them, and any element this console does not
// know (or cannot read) becomes `unsupported`, so a new server element is named on the form, never a crash.

const option = z.object({ value: z.string(), label: z.string() });
const validation = z
  .object({
    required: z.boolean().default(false),
    regex: z.string().nullable().default(null),
    email: z.boolean().default(false),
  })
  .nullable()
  .default(null);

const text = z.object({ type: z.literal('text'), content: z.string() });
const button = z.object({
  type: z.literal('button'),
  id: z.string(),
  label: z.string(),
  style: z.enum(['primary', 'secondary', 'danger']).catch('primary'),
});
const multipleChoice = z.object({
  type: z.literal('multiple_choice'),
  id: z.string(),
  options: z.array(option),
  max_allowed_selections: z.number().int().min(1).default(1),
});
const dropdown = z.object({
  type: z.literal('dropdown'),
  id: z.string(),
  label: z.string(),
  options: z.array(option),
  placeholder: z.string().nullable().default(null),
  required: z.boolean().default(false),
});
const datePicker = z.object({
  type: z.literal('date_picker'),
  id: z.string(),
  label: z.string(),
  min: z.string().nullable().default(null),
  max: z.string().nullable().default(null),
  required: z.boolean().default(false),
});
const textField = z.object({ type: z.literal('text_field'), id: z.string(), label: z.string(), validation });
const checkbox = z.object({ type: z.literal('checkbox'), id: z.string(), label: z.string(), validation });

export type TextElement = z.infer<typeof text>;
export type ButtonElement = z.infer<typeof button>;
export type MultipleChoiceElement = z.infer<typeof multipleChoice>;
export type DropdownElement = z.infer<typeof dropdown>;
export type DatePickerElement = z.infer<typeof datePicker>;
export type TextFieldElement = z.infer<typeof textField>;
export type CheckboxElement = z.infer<typeof checkbox>;
export type InputElement =
  MultipleChoiceElement | DropdownElement | DatePickerElement | TextFieldElement | CheckboxElement;
export interface LayoutElement {
  type: 'column' | 'row';
  children: SurfaceElement[];
}
/** An element this console cannot show: its type as sent. */
export interface UnsupportedElement {
  type: 'unsupported';
  sentType: string;
}
export type SurfaceElement = TextElement | ButtonElement | InputElement | LayoutElement | UnsupportedElement;

export interface InteractiveRequest {
  requestId: string;
  surface: SurfaceElement[];
}

const known = z.discriminatedUnion('type', [text, button, multipleChoice, dropdown, datePicker, textField, checkbox]);
const layoutShape = z.object({ type: z.enum(['column', 'row']), children: z.array(z.unknown()) });

function readElement(raw: unknown, depth: number): SurfaceElement {
  const layout = layoutShape.safeParse(raw);
  // Real servers refuse surfaces deeper than 12: deeper here is damage, shown as unsupported rather than recursed.
  if (layout.success && depth < 12)
    return { type: layout.data.type, children: layout.data.children.map((child) => readElement(child, depth + 1)) };
  const element = known.safeParse(raw);
  if (element.success) return element.data;
  const sentType = typeof raw === 'object' && raw !== null && 'type' in raw ? String(raw.type) : typeof raw;
  return { type: 'unsupported', sentType };
}

const requestShape = z.object({ request_id: z.string().min(1), surface: z.array(z.unknown()) });

/** The request of an `interactive_request` chunk (or a stored `interactiveRequest`), or null when it is not one. */
export function readInteractiveRequest(raw: unknown): InteractiveRequest | null {
  const parsed = requestShape.safeParse(typeof raw === 'string' ? safeJson(raw) : raw);
  if (!parsed.success) return null;
  return { requestId: parsed.data.request_id, surface: parsed.data.surface.map((element) => readElement(element, 0)) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Every element of a surface, depth first. */
export function flattenSurface(surface: readonly SurfaceElement[]): SurfaceElement[] {
  return surface.flatMap((element) =>
    'children' in element ? [element, ...flattenSurface(element.children)] : [element],
  );
}

const inputTypes: ReadonlySet<string> = new Set([
  'multiple_choice',
  'dropdown',
  'date_picker',
  'text_field',
  'checkbox',
]);
export const isInput = (element: SurfaceElement): element is InputElement => inputTypes.has(element.type);

export const inputsOf = (surface: readonly SurfaceElement[]): InputElement[] => flattenSurface(surface).filter(isInput);
export const buttonsOf = (surface: readonly SurfaceElement[]): ButtonElement[] =>
  flattenSurface(surface).filter((element): element is ButtonElement => element.type === 'button');
