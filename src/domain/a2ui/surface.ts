import { z } from 'zod';
import { readComponent, type Component } from './catalog';
import { removeAt, setAt } from './pointer';

// A2UI v0.9 server-to-client envelopes (`{"version":"v0.9.1", "<kind>":{…}}`, CURRENT-SERVERS.md §3.1) folded into
// surfaces. Kinds: createSurface, updateComponents, updateDataModel and deleteSurface (never emitted by current
// servers, tolerated). Anything unreadable is skipped; an update for a surface never created is ignored.

export const ROOT_ID = 'root';

export interface Surface {
  surfaceId: string;
  catalogId: string;
  /** Components by id, the latest definition of each. */
  components: ReadonlyMap<string, Component>;
  /** The id of the component the surface starts from. */
  rootId: string;
  /** The data model as the agent last set it. */
  dataModel: unknown;
}

const createSurface = z.object({
  createSurface: z.object({ surfaceId: z.string().min(1), catalogId: z.string().default('') }),
});
const updateComponents = z.object({
  updateComponents: z.object({ surfaceId: z.string().min(1), components: z.array(z.unknown()) }),
});
const updateDataModel = z.object({
  updateDataModel: z.object({
    surfaceId: z.string().min(1),
    path: z.string().default('/'),
    value: z.unknown().optional(),
  }),
});
const deleteSurface = z.object({ deleteSurface: z.object({ surfaceId: z.string().min(1) }) });

export type Envelope =
  | z.output<typeof createSurface>
  | z.output<typeof updateComponents>
  | z.output<typeof updateDataModel>
  | z.output<typeof deleteSurface>;

/** One envelope (an object or its JSON text), or null when it is none of the four kinds. */
export function readEnvelope(raw: unknown): Envelope | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  for (const schema of [createSurface, updateComponents, updateDataModel, deleteSurface]) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
  }
  return null;
}

function apply(surfaces: Map<string, Surface>, envelope: Envelope): void {
  if ('createSurface' in envelope) {
    const { surfaceId, catalogId } = envelope.createSurface;
    // A second create of the same id starts it afresh, at its old place in the order.
    surfaces.set(surfaceId, { surfaceId, catalogId, components: new Map(), rootId: ROOT_ID, dataModel: {} });
    return;
  }
  if ('deleteSurface' in envelope) {
    surfaces.delete(envelope.deleteSurface.surfaceId);
    return;
  }
  if ('updateComponents' in envelope) {
    const surface = surfaces.get(envelope.updateComponents.surfaceId);
    if (!surface) return;
    const components = new Map(surface.components);
    for (const raw of envelope.updateComponents.components) {
      const component = readComponent(raw);
      if (component) components.set(component.id, component);
    }
    surfaces.set(surface.surfaceId, { ...surface, components });
    return;
  }
  const { surfaceId, path, value } = envelope.updateDataModel;
  const surface = surfaces.get(surfaceId);
  if (!surface) return;
  // An update without a value removes what is at the path (v0.9 protocol, updateDataModel).
  const dataModel = value === undefined ? removeAt(surface.dataModel, path) : setAt(surface.dataModel, path, value);
  surfaces.set(surfaceId, { ...surface, dataModel: dataModel ?? {} });
}

/** The surfaces the envelopes build, in the order they were created. */
export function foldEnvelopes(envelopes: readonly unknown[]): Surface[] {
  const surfaces = new Map<string, Surface>();
  for (const raw of envelopes) {
    const envelope = readEnvelope(raw);
    if (envelope) apply(surfaces, envelope);
  }
  return [...surfaces.values()];
}
