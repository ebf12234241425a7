// What real servers accept in one go (their UI names the same limits before uploading): at most 20 files per
// call, each at most 100 MB (FILES_STORAGE_MAX_UPLOAD_SIZE). Checked here, so nothing is sent that would fail.

export const fileLimits = { count: 20, bytesEach: 104_857_600 } as const;

export interface PickedFile {
  name: string;
  size: number;
}

/** "1.2 MB", "340 KB", "12 B": sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** Why these files cannot be uploaded together, one sentence per problem; empty when they can. */
export function fileProblems(
  files: readonly PickedFile[],
  alreadyAttached = 0,
  bytesEach: number = fileLimits.bytesEach,
): string[] {
  const problems: string[] = [];
  const total = files.length + alreadyAttached;
  if (total > fileLimits.count) problems.push(`At most ${fileLimits.count} files at a time; this would make ${total}.`);
  for (const file of files) {
    if (file.size > bytesEach) problems.push(oversize(file, bytesEach));
  }
  return problems;
}

function oversize(file: PickedFile, bytesEach: number): string {
  // Just over the limit reads the same rounded ("100 MB; at most 100 MB"): then the bytes say it.
  const [size, limit] =
    formatBytes(file.size) === formatBytes(bytesEach)
      ? [`${file.size} bytes`, `${bytesEach} bytes`]
      : [formatBytes(file.size), formatBytes(bytesEach)];
  return `“${file.name}” is ${size}; each file may be at most ${limit}.`;
}

/**
 * Which of a new selection may be uploaded, and why the others may not. Too many files refuses the whole
 * selection (which ones to leave out is the person's choice); a file too big is refused alone, the others go.
 */
export function screenFiles<T extends PickedFile>(
  files: readonly T[],
  alreadyAttached: number,
  bytesEach: number = fileLimits.bytesEach,
): { accepted: T[]; refused: string[] } {
  const total = files.length + alreadyAttached;
  if (total > fileLimits.count) {
    const room = Math.max(0, fileLimits.count - alreadyAttached);
    const left = alreadyAttached > 0 ? ` (${alreadyAttached} already attached, room for ${room} more)` : '';
    return {
      accepted: [],
      refused: [
        `At most ${fileLimits.count} files per message; this would make ${total}${left}. Nothing was uploaded.`,
      ],
    };
  }
  return {
    accepted: files.filter((file) => file.size <= bytesEach),
    refused: files
      .filter((file) => file.size > bytesEach)
      .map((file) => `${oversize(file, bytesEach)} It was not uploaded.`),
  };
}
