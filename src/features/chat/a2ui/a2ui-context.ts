import type { ComponentOf } from '@/domain/a2ui/catalog';
import type { SurfaceProblems } from '@/domain/a2ui/validate';
import type { Surface } from '@/domain/a2ui/surface';

/** What every part of a rendered surface reads and does. */
export interface RenderContext {
  surface: Surface;
  /** The local copy of the data model the inputs edit. */
  model: unknown;
  problems: SurfaceProblems;
  /** Nothing can be changed or pressed (submitted, stale, busy, sending). */
  disabled: boolean;
  /** The Button the sent answer came from, marked on a submitted surface. */
  pressedId: string | null;
  /** Whether the person agreed to load this surface's media. */
  mediaAllowed: boolean;
  /** The API's origin: the page may read pictures from it (its security policy lets it call the API). */
  apiOrigin: string | null;
  allowMedia(): void;
  setValue(pointer: string, value: unknown): void;
  press(button: ComponentOf<'Button'>, scope: string): void;
}
