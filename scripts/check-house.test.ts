import { describe, expect, it } from 'vitest';
import { checkOnTree } from './check-on-tree';

// The house check is run on small trees made here, so each rule is seen to fail, not only to pass.

const check = (files: Record<string, string>) => checkOnTree('check-house.mjs', files);

describe('the house check', () => {
  it('passes a tree without cycles, with kebab-case names', () => {
    const result = check({
      'a/one-thing.ts': "import { two } from '@/b/two';\nexport const one = two;\n",
      'b/two.ts': 'export const two = 2;\n',
    });
    expect(result).toMatchObject({ code: 0 });
    expect(result.output).toContain('no import cycle');
  });

  it('fails on a cycle, a type-only one too, naming the files that tie it', () => {
    const result = check({
      'stream.ts': "import type { End } from './pieces';\nexport type Handlers = { end: End };\n",
      'pieces.ts':
        "import type { Handlers } from '@/stream';\nexport type End = 'closed';\nexport type Used = Handlers;\n",
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Import cycle of 2 files/);
    expect(result.output).toMatch(/stream\.ts -> .*pieces\.ts/);
  });

  it('fails on a file name that is not kebab-case', () => {
    const result = check({ 'features/TurnView.tsx': 'export const x = 1;\n' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('File name not in kebab-case');
    expect(result.output).toContain('TurnView.tsx');
  });

  it('fails on a folder of more than 20 files, naming it, and counts only the files in the folder itself', () => {
    const files = (folder: string, count: number) =>
      Object.fromEntries(
        Array.from({ length: count }, (_, index) => [`${folder}/part-${index}.ts`, `export const x${index} = 1;\n`]),
      );
    const kept = check({ ...files('ui', 20), ...files('ui/markdown', 20) });
    expect(kept).toMatchObject({ code: 0 });

    const crowded = check({ ...files('ui', 15), ...files('ui/markdown', 21) });
    expect(crowded.code).toBe(1);
    expect(crowded.output).toMatch(/Folder of 21 files, more than 20 .*ui\/markdown$/m);
    expect(crowded.output).not.toMatch(/Folder of \d+ files.*ui$/m);
  });
});
