import type { ComponentOf } from '@/domain/a2ui/catalog';
import type { SurfaceProblems } from '@/domain/a2ui/validate';
import type { Surface } from '@/domain/a2ui/surface';

/** What every part of a rendered surface reads and does. */
export interface RenderContext {
  surface: Surface;
  /** The data model as the form shows it: the agent's, with the person's edits on top. */
  model: unknown;
  problems: SurfaceProblems;
  /** Nothing can be changed or pressed (submitted, stale, busy, sending). */
  disabled: boolean;
  /** The Button the sent answer came from, marked on a submitted surface. */
  pressedId: string | null;
  /** Who sent the form ("Build bot"): its overlays say so. */
  agentName: string;
  /** Where the agent's overlays (Modal) open: inside the answer, not over the console. */
  overlayContainer: Element | null;
  /** Whether the person agreed to load media from this origin (consent is per origin). */
  mediaAllowed(origin: string): boolean;
  /** The API's origin: the page may read pictures from it (its security policy lets it call the API). */
  apiOrigin: string | null;
  allowMedia(origin: string): void;
  setValue(pointer: string, value: unknown): void;
  press(button: ComponentOf<'Button'>, scope: string): void;
}
