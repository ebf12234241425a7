import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { check } from 'prettier';
import { describe, expect, it } from 'vitest';

// `npm run lint` keeps the size and format rules: shown failing here on text made to break them. The text is linted as
// if it were an existing file: the type-aware rules read only files their TypeScript project knows. Loading that
// project takes a while, so the rules that need no types are shown without it.

const prettierOptions = JSON.parse(readFileSync('.prettierrc.json', 'utf8')) as Record<string, unknown>;

const typeAware = ['@typescript-eslint/no-floating-promises', '@typescript-eslint/no-misused-promises'];
const withoutTypes = () =>
  new ESLint({
    overrideConfig: {
      files: ['src/**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: Object.fromEntries(typeAware.map((rule) => [rule, 'off'])),
    },
  });

describe('the lint configuration', () => {
  it('refuses a source file over 300 lines of code, and lets a test run longer', { timeout: 60_000 }, async () => {
    const eslint = withoutTypes();
    const long = Array.from({ length: 301 }, (_, index) => `export const line${index} = ${index};`).join('\n') + '\n';
    const [source] = await eslint.lintText(long, { filePath: 'src/lib/frame-batcher.ts' });
    expect(source?.messages.map((message) => message.ruleId)).toContain('max-lines');
    const [test] = await eslint.lintText(long, { filePath: 'src/lib/frame-batcher.test.ts' });
    expect(test?.messages.map((message) => message.ruleId)).not.toContain('max-lines');
  });

  it('refuses web storage reached outside the guarded helpers', { timeout: 60_000 }, async () => {
    const eslint = withoutTypes();
    const code = "export const read = () => [localStorage.getItem('k'), window.sessionStorage.getItem('k')];\n";
    const [feature] = await eslint.lintText(code, { filePath: 'src/features/chat/toolbar/selection-store.ts' });
    expect(feature?.messages.map((message) => message.ruleId)).toEqual([
      'no-restricted-globals',
      'no-restricted-properties',
    ]);
    const [test] = await eslint.lintText(code, { filePath: 'src/features/chat/toolbar/selection-store.test.ts' });
    expect(test?.messages.map((message) => message.ruleId)).not.toContain('no-restricted-globals');
  });

  it(
    'refuses a promise left floating in src/, and lets one marked with void run on',
    { timeout: 300_000 },
    async () => {
      const eslint = new ESLint();
      const code = 'export async function save() {}\nexport function later() {\n  save();\n  void save();\n}\n';
      const [result] = await eslint.lintText(code, { filePath: 'src/lib/slice-queue.ts' });
      expect(result?.messages.map((message) => [message.ruleId, message.line])).toEqual([
        ['@typescript-eslint/no-floating-promises', 3],
      ]);
    },
  );

  it('formats to 120 columns with single quotes: unformatted code does not pass the check', async () => {
    const options = { ...prettierOptions, filepath: 'src/domain/example.ts' };
    expect(await check("export const greeting = 'hello';\n", options)).toBe(true);
    expect(await check('export const greeting = "hello"\n', options)).toBe(false);
    const wide = `export const value = call(${Array.from({ length: 12 }, (_, index) => `argument${index}`).join(', ')});\n`;
    expect(await check(wide, options)).toBe(false);
  });
});
