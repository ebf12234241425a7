import { z } from 'zod';
import { readComponent, type Component } from './catalog';
import { removeAt, setAt } from './pointer';

// A2UI v0.9 server-to-client envelopes (`{"version":"v0.9.1", "<kind>":{…}}`, CURRENT-SERVERS.md §3.1) folded into
// surfaces. Kinds: createSurface, updateComponents, updateDataModel and deleteSurface (never emitted by current
// servers, tolerated: the surface is gone). Anything unreadable is skipped; an update for a surface never created is
// ignored. The v1.0 release candidate's wording is read too: components inline in createSurface, and `value: null`
// removing a key. Bounded: at most ENVELOPE_CAP envelopes per answer and COMPONENT_CAP components per surface (a
// surface past it is marked, and shown as too large).

export const ROOT_ID = 'root';
// As many as an answer keeps (answerLimits.envelopes in src/domain/answer/answer.ts).
export const ENVELOPE_CAP = 500;
export const COMPONENT_CAP = 1000;

export interface Surface {
  surfaceId: string;
  catalogId: string;
  /** Components by id, the latest definition of each. */
  components: ReadonlyMap<string, Component>;
  /** The id of the component the surface starts from. */
  rootId: string;
  /** The data model as the agent last set it. */
  dataModel: unknown;
  /** The agent sent more than the console shows (components past COMPONENT_CAP, envelopes past ENVELOPE_CAP). */
  overflow: boolean;
}

/** The surfaces of an answer, and what became of the others. */
export interface Folded {
  /** The surfaces, in the order they were created. */
  surfaces: Surface[];
  /** The ids of surfaces the agent deleted (deleteSurface): gone, not unreadable. */
  deleted: string[];
}

const createSurface = z.object({
  createSurface: z.object({
    surfaceId: z.string().min(1),
    catalogId: z.string().default(''),
    // v1.0 release candidate: the components (and a data model) may come with the surface.
    components: z.array(z.unknown()).optional().catch(undefined),
    dataModel: z.unknown().optional(),
  }),
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

function withComponents(surface: Surface, raw: readonly unknown[]): Surface {
  const components = new Map(surface.components);
  let overflow = surface.overflow;
  for (const item of raw) {
    const component = readComponent(item);
    if (!component) continue;
    if (!components.has(component.id) && components.size >= COMPONENT_CAP) {
      overflow = true;
      continue;
    }
    components.set(component.id, component);
  }
  return { ...surface, components, overflow };
}

function apply(surfaces: Map<string, Surface>, deleted: Set<string>, envelope: Envelope): void {
  if ('createSurface' in envelope) {
    const { surfaceId, catalogId, components, dataModel } = envelope.createSurface;
    deleted.delete(surfaceId);
    // A second create of the same id starts it afresh, at its old place in the order.
    const created: Surface = {
      surfaceId,
      catalogId,
      components: new Map(),
      rootId: ROOT_ID,
      dataModel: dataModel ?? {},
      overflow: false,
    };
    surfaces.set(surfaceId, components ? withComponents(created, components) : created);
    return;
  }
  if ('deleteSurface' in envelope) {
    if (surfaces.delete(envelope.deleteSurface.surfaceId)) deleted.add(envelope.deleteSurface.surfaceId);
    return;
  }
  if ('updateComponents' in envelope) {
    const surface = surfaces.get(envelope.updateComponents.surfaceId);
    if (surface) surfaces.set(surface.surfaceId, withComponents(surface, envelope.updateComponents.components));
    return;
  }
  const { surfaceId, path, value } = envelope.updateDataModel;
  const surface = surfaces.get(surfaceId);
  if (!surface) return;
  // An update without a value (or, in the v1.0 wording, with null) removes what is at the path.
  const dataModel =
    value === undefined || value === null ? removeAt(surface.dataModel, path) : setAt(surface.dataModel, path, value);
  surfaces.set(surfaceId, { ...surface, dataModel: dataModel ?? {} });
}

/** The surfaces the envelopes build (at most ENVELOPE_CAP envelopes are read), and the ids deleted on the way. */
export function foldSurfaces(envelopes: readonly unknown[]): Folded {
  const surfaces = new Map<string, Surface>();
  const deleted = new Set<string>();
  for (const raw of envelopes.slice(0, ENVELOPE_CAP)) {
    const envelope = readEnvelope(raw);
    if (envelope) apply(surfaces, deleted, envelope);
  }
  const list = [...surfaces.values()];
  const last = list.at(-1);
  // Envelopes past the cap were not read: the latest surface may miss some of them.
  if (envelopes.length > ENVELOPE_CAP && last) list[list.length - 1] = { ...last, overflow: true };
  return { surfaces: list, deleted: [...deleted] };
}

/** The surfaces the envelopes build, in the order they were created. */
export function foldEnvelopes(envelopes: readonly unknown[]): Surface[] {
  return foldSurfaces(envelopes).surfaces;
}
