import { describe, expect, it } from 'vitest';
import { checkOnTree } from './check-on-tree';

// The style check is run on small trees made here, so each rule is seen to fail, not only to pass.

const check = (files: Record<string, string>) => checkOnTree('check-styles.mjs', files);

const tokens = ':root {\n  --accent: #3b5bdb;\n}\n.button {\n  color: var(--accent);\n}\n';

describe('the style check', () => {
  it('passes when each class is styled in one file, a feature adjusting a primitive inside itself', () => {
    const result = check({
      'app/styles.css': tokens,
      'features/runs/runs.css':
        '/* not a rule: .button { color: red; } */\n.runs-table .button,\n.runs-table :is(.chip, .badge) {\n  padding: 0;\n}\n' +
        "@media (max-width: 640px) {\n  .runs-table td[data-label='.x']::before {\n    content: attr(data-label);\n  }\n}\n",
    });
    expect(result).toMatchObject({ code: 0 });
    expect(result.output).toContain('each styled in one; styles.css 6 lines');
  });

  it('fails on a class styled in two files, naming both, inside a media query too', () => {
    const result = check({
      'app/styles.css': `${tokens}.composer {\n  display: flex;\n}\n`,
      'app/shell.css': '@media (max-width: 760px) {\n  .composer,\n  .page {\n    padding: 0;\n  }\n}\n',
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/\.composer is styled in 2 files .*: .*app\/shell\.css, .*app\/styles\.css/);
    expect(result.output).not.toContain('.page');
  });

  it('fails on a selector that scopes its rule by another file’s class', () => {
    const result = check({
      'features/chat/transcript.css': '.transcript-frame {\n  display: grid;\n}\n',
      'features/chat/find.css': '.transcript-frame:has(> .find-bar) {\n  grid-template-rows: auto 1fr;\n}\n',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('.transcript-frame is styled in 2 files');
  });

  it('fails when styles.css grows past 300 lines', () => {
    const rules = Array.from({ length: 100 }, (_, index) => `.primitive-${index} {\n  margin: 0;\n}`).join('\n');
    const result = check({ 'app/styles.css': `${rules}\n.one-more {\n  margin: 0;\n}\n` });
    expect(result.code).toBe(1);
    expect(result.output).toContain('has 303 lines, more than 300');
  });
});
