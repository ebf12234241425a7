import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The official A2UI v0.9 data (the Basic Catalog's examples and the spec's test cases), read from
// `../shared/a2ui-cases/` beside the checkout (or A2UI_CASES), as replays: envelopes streamed one at a time.
// See that folder's NOTICE.md for where each file comes from. Vitest's global setup of the DOM tests: it hands the
// replays to src/features/chat/a2ui/a2ui-conformance.test.tsx (`inject('a2uiCases')`), which draws them.

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
export const casesFolder = resolve(process.env.A2UI_CASES ?? join(repoRoot, '..', 'shared', 'a2ui-cases'));

export interface Replay {
  /** "examples/01_flight-status.json", or "test-cases/button_checks.json #3: Button with …". */
  name: string;
  /** Whether the spec calls the data valid (every example is). */
  valid: boolean;
  /** Envelopes in stream order. */
  envelopes: Record<string, unknown>[];
  /** What kind of replay: an example surface, one server envelope of a case, or a client message (not rendered). */
  kind: 'example' | 'case' | 'client';
  /** The components the case defines (a case's surface is drawn from a root listing them). */
  caseComponentIds: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const jsonFiles = (folder: string) =>
  existsSync(folder)
    ? readdirSync(folder)
        .filter((file) => file.endsWith('.json'))
        .sort()
    : [];

/** A case's envelope as a stream: the surface created first, and a root listing the case's components. */
function caseStream(data: Record<string, unknown>): { envelopes: Record<string, unknown>[]; ids: string[] } {
  const kind = Object.keys(data).find((key) => key !== 'version') ?? '';
  const body = isRecord(data[kind]) ? data[kind] : {};
  const surfaceId = typeof body.surfaceId === 'string' ? body.surfaceId : 'test_surface';
  if (kind === 'createSurface') return { envelopes: [data], ids: [] };
  const create = {
    version: 'v0.9',
    createSurface: { surfaceId, catalogId: 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json' },
  };
  const components = Array.isArray(body.components) ? body.components.filter(isRecord) : [];
  const ids = components.map((component) => component.id).filter((id): id is string => typeof id === 'string');
  const envelopes: Record<string, unknown>[] = [create, data];
  if (kind === 'updateComponents' && !ids.includes('root')) {
    const tops = ids.filter((id) => !components.some((other) => other.id !== id && referencedBy(other, id)));
    envelopes.push({
      version: 'v0.9',
      updateComponents: {
        surfaceId,
        components: [{ id: 'root', component: 'Column', children: tops.length > 0 ? tops : ids }],
      },
    });
  }
  return { envelopes, ids };
}

/** Whether a component names another as a child (child, children, tabs, trigger, content, template). */
function referencedBy(component: Record<string, unknown>, id: string): boolean {
  const { id: _own, ...rest } = component;
  const refs: unknown[] = [rest.child, rest.trigger, rest.content];
  if (Array.isArray(rest.children)) refs.push(...rest.children);
  if (isRecord(rest.children)) refs.push(rest.children.componentId);
  if (Array.isArray(rest.tabs)) refs.push(...rest.tabs.map((tab) => (isRecord(tab) ? tab.child : null)));
  return refs.includes(id);
}

/** Every replay of the folder: the examples, then each case of test-cases/ and test-cases-newer/. */
export function readReplays(folder = casesFolder): Replay[] {
  const replays: Replay[] = [];
  for (const file of jsonFiles(join(folder, 'examples'))) {
    const example = readJson(join(folder, 'examples', file));
    const messages = isRecord(example) && Array.isArray(example.messages) ? example.messages.filter(isRecord) : [];
    replays.push({ name: `examples/${file}`, valid: true, envelopes: messages, kind: 'example', caseComponentIds: [] });
  }
  for (const sub of ['test-cases', 'test-cases-newer'])
    for (const file of jsonFiles(join(folder, sub))) {
      const suite = readJson(join(folder, sub, file));
      if (!isRecord(suite) || !Array.isArray(suite.tests)) continue;
      const client = suite.schema === 'client_to_server.json';
      suite.tests.filter(isRecord).forEach((test, index) => {
        const data = isRecord(test.data) ? test.data : {};
        const { envelopes, ids } = client ? { envelopes: [data], ids: [] } : caseStream(data);
        replays.push({
          name: `${sub}/${file} #${index + 1}: ${String(test.description)}`,
          valid: test.valid === true,
          envelopes,
          kind: client ? 'client' : 'case',
          caseComponentIds: ids,
        });
      });
    }
  return replays;
}

/** What the conformance test receives: the folder, and its replays (null when the folder is not there). */
export interface A2uiCases {
  folder: string;
  replays: Replay[] | null;
  /** Under CI a missing folder fails the run; elsewhere the replay is skipped, saying why. */
  ci: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    a2uiCases: A2uiCases;
  }
}

export default function setup({ provide }: { provide(key: 'a2uiCases', value: A2uiCases): void }): void {
  provide('a2uiCases', {
    folder: casesFolder,
    replays: existsSync(casesFolder) ? readReplays() : null,
    ci: process.env.CI === 'true',
  });
}
