import { execFileSync, spawnSync } from 'node:child_process';
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

  it('fails when a folder falls under its floor, and says which and by how much', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'coverage-'));
    const summary = {
      total: file([7, 8]),
      [join(cwd, 'src/domain/a.ts')]: file([3, 4]),
      [join(cwd, 'src/lib/b.ts')]: file([4, 4]),
    };
    const summaryFile = join(cwd, 'summary.json');
    const floorsFile = join(cwd, 'floors.json');
    writeFileSync(summaryFile, JSON.stringify(summary));
    writeFileSync(floorsFile, JSON.stringify({ lines: { 'src/domain': 80, 'src/lib': 90 } }));
    const run = spawnSync('node', [script, summaryFile, floorsFile], { cwd, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('src/domain: 75.0 % of lines, under its floor of 80 %');
    expect(run.stderr).not.toContain('src/lib');
    writeFileSync(floorsFile, JSON.stringify({ lines: { 'src/domain': 70 } }));
    expect(spawnSync('node', [script, summaryFile, floorsFile], { cwd, encoding: 'utf8' }).status).toBe(0);
  });
});
