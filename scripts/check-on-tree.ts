import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Runs one of the house's check scripts (`check-styles.mjs`) on a small tree of files written for the test, so each
 * rule is seen to fail, not only to pass: its exit code, and what it said (its errors when it failed).
 */
export function checkOnTree(script: string, files: Record<string, string>): { code: number; output: string } {
  const root = mkdtempSync(join(tmpdir(), `${script.replace(/\.mjs$/, '')}-`));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  try {
    const output = execFileSync('node', [join(process.cwd(), 'scripts', script), root], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stderr: string };
    return { code: failed.status, output: failed.stderr };
  }
}
