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
export function fileProblems(files: readonly PickedFile[], alreadyAttached = 0): string[] {
  const problems: string[] = [];
  const total = files.length + alreadyAttached;
  if (total > fileLimits.count) problems.push(`At most ${fileLimits.count} files at a time; this would make ${total}.`);
  for (const file of files) {
    if (file.size > fileLimits.bytesEach) {
      problems.push(`“${file.name}” is ${formatBytes(file.size)}; each file may be at most ${formatBytes(fileLimits.bytesEach)}.`);
    }
  }
  return problems;
}
