import type { ThoughtNode } from './thought-tree';

/** How long a thought took, in seconds, when the server said (duration or start/end times). */
export function thoughtDurationSeconds(node: ThoughtNode): number | undefined {
  const { duration_ms: durationMs, duration, started_at: startedAt, completed_at: completedAt } = node.metadata;
  if (typeof durationMs === 'number' && durationMs >= 0) return durationMs / 1000;
  if (typeof duration === 'number' && duration >= 0) return duration;
  if (typeof startedAt === 'string' && typeof completedAt === 'string') {
    const span = Date.parse(completedAt) - Date.parse(startedAt);
    if (Number.isFinite(span) && span >= 0) return span / 1000;
  }
  return undefined;
}

/** Above this size a text is shown as it came: parsing and re-printing megabytes would stall the page. */
export const prettyJsonLimit = 100_000;

/** JSON text pretty-printed; anything else (and any text over the limit) unchanged. */
export function prettyJson(text: string): { text: string; isJson: boolean } {
  if (text.length > prettyJsonLimit) return { text, isJson: false };
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return { text, isJson: false };
  try {
    return { text: JSON.stringify(JSON.parse(trimmed), null, 2), isJson: true };
  } catch {
    return { text, isJson: false };
  }
}

export interface ImageArtifact {
  src: string;
  mimeType: string;
}

const imageTypes: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Tool images from metadata.image_artifacts, as data: URLs, only for raster types and valid base64. */
export function imageArtifacts(node: ThoughtNode): ImageArtifact[] {
  const artifacts = node.metadata.image_artifacts;
  if (!Array.isArray(artifacts)) return [];
  return artifacts.flatMap((artifact: unknown) => {
    if (typeof artifact !== 'object' || artifact === null) return [];
    const { data, mime_type: mimeType } = artifact as { data?: unknown; mime_type?: unknown };
    const type = typeof mimeType === 'string' ? mimeType.toLowerCase() : 'image/png';
    if (typeof data !== 'string' || !imageTypes.has(type) || !/^[A-Za-z0-9+/=\s]+$/.test(data)) return [];
    return [{ src: `data:${type};base64,${data.replace(/\s/g, '')}`, mimeType: type }];
  });
}
