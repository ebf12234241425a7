import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { check } from 'prettier';
import { describe, expect, it } from 'vitest';

// `npm run lint` keeps the size and format rules: shown failing here on text made to break them.

const prettierOptions = JSON.parse(readFileSync('.prettierrc.json', 'utf8')) as Record<string, unknown>;

describe('the lint configuration', () => {
  it('refuses a source file over 300 lines of code, and lets a test run longer', { timeout: 60_000 }, async () => {
    const eslint = new ESLint();
    const long = Array.from({ length: 301 }, (_, index) => `export const line${index} = ${index};`).join('\n') + '\n';
    const [source] = await eslint.lintText(long, { filePath: 'src/domain/too-long.ts' });
    expect(source?.messages.map((message) => message.ruleId)).toContain('max-lines');
    const [test] = await eslint.lintText(long, { filePath: 'src/domain/too-long.test.ts' });
    expect(test?.messages.map((message) => message.ruleId)).not.toContain('max-lines');
  });

  it('refuses web storage reached outside the guarded helpers', { timeout: 60_000 }, async () => {
    const eslint = new ESLint();
    const code = "export const read = () => [localStorage.getItem('k'), window.sessionStorage.getItem('k')];\n";
    const [feature] = await eslint.lintText(code, { filePath: 'src/features/chat/reads-storage.ts' });
    expect(feature?.messages.map((message) => message.ruleId)).toEqual([
      'no-restricted-globals',
      'no-restricted-properties',
    ]);
    const [test] = await eslint.lintText(code, { filePath: 'src/features/chat/reads-storage.test.ts' });
    expect(test?.messages.map((message) => message.ruleId)).not.toContain('no-restricted-globals');
  });

  it('formats to 120 columns with single quotes: unformatted code does not pass the check', async () => {
    const options = { ...prettierOptions, filepath: 'src/domain/example.ts' };
    expect(await check("export const greeting = 'hello';\n", options)).toBe(true);
    expect(await check('export const greeting = "hello"\n', options)).toBe(false);
    const wide = `export const value = call(${Array.from({ length: 12 }, (_, index) => `argument${index}`).join(', ')});\n`;
    expect(await check(wide, options)).toBe(false);
  });
});
