import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = join(process.cwd(), 'scripts/coverage-by-folder.mjs');
const figures = (covered: number, total: number) => ({ covered, total, skipped: 0, pct: 0 });
const file = (lines: [number, number], functions: [number, number] = lines) => ({
  lines: figures(...lines),
  statements: figures(...lines),
  functions: figures(...functions),
  branches: figures(0, 0),
});

describe('coverage per folder', () => {
  it('sums files into their layer (a feature on its own) and prints the whole', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'coverage-'));
    const summary = {
      total: file([9, 12]),
      [join(cwd, 'src/domain/a.ts')]: file([3, 4]),
      [join(cwd, 'src/domain/diff/b.ts')]: file([1, 4]),
      [join(cwd, 'src/features/chat/runtime/c.ts')]: file([4, 4], [1, 2]),
      [join(cwd, 'platform/api/d.ts')]: file([0, 0], [1, 1]),
      [join(cwd, 'src/main.tsx')]: file([0, 0]),
    };
    const summaryFile = join(cwd, 'summary.json');
    writeFileSync(summaryFile, JSON.stringify(summary));
    const output = execFileSync('node', [script, summaryFile], { cwd, encoding: 'utf8' });
    const row = (name: string) => output.split('\n').find((line) => line.startsWith(`${name} `));
    expect(row('src/domain')).toMatch(/ 50\.0%\s+50\.0%\s+50\.0%\s+–/);
    expect(row('src/features/chat')).toMatch(/100\.0%\s+100\.0%\s+50\.0%/);
    expect(row('platform/api')).toMatch(/–/);
    expect(row('src')).toBeUndefined();
    expect(row('all')).toMatch(/ 75\.0%/);
  });
});
