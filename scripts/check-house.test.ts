import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The house check is run on small trees made here, so each rule is seen to fail, not only to pass.

const script = join(process.cwd(), 'scripts/check-house.mjs');

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'house-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function check(root: string): { code: number; output: string } {
  try {
    return { code: 0, output: execFileSync('node', [script, root], { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (error) {
    const failed = error as { status: number; stderr: string };
    return { code: failed.status, output: failed.stderr };
  }
}

describe('the house check', () => {
  it('passes a tree without cycles, with kebab-case names', () => {
    const result = check(
      tree({
        'a/one-thing.ts': "import { two } from '@/b/two';\nexport const one = two;\n",
        'b/two.ts': 'export const two = 2;\n',
      }),
    );
    expect(result).toMatchObject({ code: 0 });
    expect(result.output).toContain('no import cycle');
  });

  it('fails on a cycle, a type-only one too, naming the files that tie it', () => {
    const result = check(
      tree({
        'stream.ts': "import type { End } from './pieces';\nexport type Handlers = { end: End };\n",
        'pieces.ts':
          "import type { Handlers } from '@/stream';\nexport type End = 'closed';\nexport type Used = Handlers;\n",
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Import cycle of 2 files/);
    expect(result.output).toMatch(/stream\.ts -> .*pieces\.ts/);
  });

  it('fails on a file name that is not kebab-case', () => {
    const result = check(tree({ 'features/TurnView.tsx': 'export const x = 1;\n' }));
    expect(result.code).toBe(1);
    expect(result.output).toContain('File name not in kebab-case');
    expect(result.output).toContain('TurnView.tsx');
  });

  it('fails on a folder of more than 20 files, naming it, and counts only the files in the folder itself', () => {
    const files = (folder: string, count: number) =>
      Object.fromEntries(
        Array.from({ length: count }, (_, index) => [`${folder}/part-${index}.ts`, `export const x${index} = 1;\n`]),
      );
    const kept = check(tree({ ...files('ui', 20), ...files('ui/markdown', 20) }));
    expect(kept).toMatchObject({ code: 0 });

    const crowded = check(tree({ ...files('ui', 15), ...files('ui/markdown', 21) }));
    expect(crowded.code).toBe(1);
    expect(crowded.output).toMatch(/Folder of 21 files, more than 20 .*ui\/markdown$/m);
    expect(crowded.output).not.toMatch(/Folder of \d+ files.*ui$/m);
  });
});
