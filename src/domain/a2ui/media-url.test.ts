import { describe, expect, it } from 'vitest';
import { safeMediaUrl } from './media-url';

describe('safeMediaUrl', () => {
  it('accepts http(s) addresses only', () => {
    expect(safeMediaUrl(' https://cdn.example.com/a.png ')?.host).toBe('cdn.example.com');
    expect(safeMediaUrl('http://example.com:8080/x')?.host).toBe('example.com:8080');
    for (const raw of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:image/png;base64,AAAA',
      'data:text/html,<script>alert(1)</script>',
      'blob:https://example.com/1',
      'file:///etc/passwd',
      '/relative.png',
      '"><script>',
      'https://user:pass@example.com/a.png',
      '',
    ])
      expect(safeMediaUrl(raw), raw).toBeNull();
  });
});
