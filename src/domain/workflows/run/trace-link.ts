/**
 * Placeholders a trace link template may use, e.g. `https://trace.example.com/sessions/{session_id}`;
 * `{trace_id}` is the W3C trace id the run's calls carried in their `traceparent`.
 */
export const tracePlaceholders = ['session_id', 'execution_id', 'workflow_id', 'tag', 'trace_id'] as const;
export type TracePlaceholder = (typeof tracePlaceholders)[number];
export type TraceValues = { [name in TracePlaceholder]?: string | undefined };

const placeholderPattern = /\{([^{}]*)\}/g;
const isPlaceholder = (name: string): name is TracePlaceholder =>
  (tracePlaceholders as readonly string[]).includes(name);
const listed = tracePlaceholders.map((name) => `{${name}}`).join(', ');

const placeholdersIn = (template: string): string[] =>
  [...template.matchAll(placeholderPattern)].map((match) => match[1] ?? '');

function parsedUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** What is wrong with a configured template, or null. Checked when the configuration is read. */
export function traceTemplateProblem(template: string): string | null {
  const trimmed = template.trim();
  if (trimmed === '') return 'The trace link template is empty.';
  for (const name of placeholdersIn(trimmed)) {
    if (name === '') return '“{}” names no placeholder.';
    if (!isPlaceholder(name)) return `Unknown placeholder {${name}} in the trace link template; use ${listed}.`;
  }
  const rest = trimmed.replace(placeholderPattern, '');
  if (rest.includes('{')) return '“{” in the trace link template is not closed with “}”.';
  if (rest.includes('}')) return '“}” in the trace link template closes no “{”.';
  const url = parsedUrl(trimmed.replace(placeholderPattern, 'x'));
  if (!url) return 'The trace link template is not a full address; it must start with https:// or http://.';
  // Anything else (javascript:, data:) would run or show content in the console's origin when clicked.
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `The trace link must be an http(s) address, not “${url.protocol}”.`;
  return null;
}

/**
 * The trace view address for a run, or null when there is none to give: a broken template, or one that needs
 * a value this run does not have (a link with a hole would open the wrong page). Values are URL-encoded.
 */
export function traceUrl(template: string, values: TraceValues): string | null {
  if (traceTemplateProblem(template) !== null) return null;
  let missing = false;
  const filled = template.trim().replace(placeholderPattern, (_match, name: string) => {
    const value = (isPlaceholder(name) ? values[name] : undefined)?.trim() ?? '';
    // "." and ".." would be read as path steps (even encoded), pointing the link elsewhere.
    if (value === '' || value === '.' || value === '..') missing = true;
    return encodeURIComponent(value);
  });
  if (missing) return null;
  const url = parsedUrl(filled);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;
}
