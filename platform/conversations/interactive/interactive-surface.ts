// The surface an agent shows when it asks (real servers' element catalog, DEPLOYED-API.md §3), as the local
// platform emits it. Kept apart from the console's zod schema on purpose: the platform is the server side.

export interface ChoiceOption {
  value: string;
  label: string;
}

export interface FieldValidation {
  required: boolean;
  regex: string | null;
  email: boolean;
}

export type SurfaceElement =
  | { type: 'text'; content: string }
  | { type: 'column' | 'row'; children: SurfaceElement[] }
  | { type: 'button'; id: string; label: string; style: 'primary' | 'secondary' | 'danger' }
  | { type: 'multiple_choice'; id: string; options: ChoiceOption[]; max_allowed_selections: number }
  | {
      type: 'dropdown';
      id: string;
      label: string;
      options: ChoiceOption[];
      placeholder: string | null;
      required: boolean;
    }
  | { type: 'date_picker'; id: string; label: string; min: string | null; max: string | null; required: boolean }
  | { type: 'text_field'; id: string; label: string; validation: FieldValidation | null }
  | { type: 'checkbox'; id: string; label: string; validation: FieldValidation | null };

export interface InteractiveRequest {
  request_id: string;
  surface: SurfaceElement[];
}

export type InputElement = Exclude<SurfaceElement, { type: 'text' | 'column' | 'row' | 'button' }>;
export type ButtonElement = Extract<SurfaceElement, { type: 'button' }>;

/** Every element of a surface, depth first. */
export function flatten(surface: readonly SurfaceElement[]): SurfaceElement[] {
  return surface.flatMap((element) => ('children' in element ? [element, ...flatten(element.children)] : [element]));
}

export const inputsOf = (surface: readonly SurfaceElement[]): InputElement[] =>
  flatten(surface).filter((element): element is InputElement => 'id' in element && element.type !== 'button');

export const buttonsOf = (surface: readonly SurfaceElement[]): ButtonElement[] =>
  flatten(surface).filter((element): element is ButtonElement => element.type === 'button');

/** Whether an input must be answered (a required text or date, a checkbox that must be ticked, a required dropdown). */
export function isRequired(element: InputElement): boolean {
  if (element.type === 'text_field' || element.type === 'checkbox') return element.validation?.required === true;
  if (element.type === 'multiple_choice') return false;
  return element.required;
}
