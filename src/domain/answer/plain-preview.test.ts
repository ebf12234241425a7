import { describe, expect, it } from 'vitest';
import { plainPreview } from './plain-preview';

describe('plainPreview', () => {
  it('reads markdown as one line of prose', () => {
    expect(plainPreview('## Summary\n\n- **Revenue** rose by `10%`\n- see [the report](https://x.test/r)\n')).toBe(
      'Summary Revenue rose by 10% see the report',
    );
    expect(plainPreview('```json\n{"a": 1}\n```')).toBe('{"a": 1}');
    expect(plainPreview('> quoted _text_ and snake_case_name')).toBe('quoted text and snake_case_name');
  });

  it('cuts long texts with an ellipsis', () => {
    expect(plainPreview('word '.repeat(50), 20)).toBe('word word word word…');
  });
});
