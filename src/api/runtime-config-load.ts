import { traceTemplateProblem } from '@/domain/workflows/run/trace-link';
import { parseRuntimeConfig, type ConfigResult } from '@/lib/runtime-config-schema';
import { readCappedText, textBodyLimit } from './client/capped-text';
import { runtimeConfigUrl, takeEarlyRuntimeConfig } from './config-request';

/** The schema checks shapes; what the template's placeholders mean is domain knowledge, checked here. */
export function checkRuntimeConfig(value: unknown): ConfigResult {
  const result = parseRuntimeConfig(value);
  const template = result.ok ? result.config.traceUrlTemplate : undefined;
  const problem = template === undefined ? null : traceTemplateProblem(template);
  return problem ? { ok: false, problems: [`traceUrlTemplate: ${problem}`] } : result;
}

/** Fetches and validates public/config.json; every way it can fail becomes a named problem. */
export async function loadRuntimeConfig(url = runtimeConfigUrl): Promise<ConfigResult> {
  let response: Response;
  try {
    response = await (takeEarlyRuntimeConfig(url) ?? fetch(url, { cache: 'no-store' }));
  } catch (error) {
    return {
      ok: false,
      problems: [`${url}: could not be fetched (${error instanceof Error ? error.message : 'network error'})`],
    };
  }
  if (!response.ok) return { ok: false, problems: [`${url}: the server answered HTTP ${response.status}`] };
  const { text, truncated } = await readCappedText(response);
  if (truncated) return { ok: false, problems: [`${url}: is larger than ${textBodyLimit / 1024 / 1024} MiB`] };
  try {
    return checkRuntimeConfig(JSON.parse(text));
  } catch (error) {
    return {
      ok: false,
      problems: [`${url}: is not valid JSON (${error instanceof Error ? error.message : 'parse error'})`],
    };
  }
}
