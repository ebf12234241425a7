import { describe, expect, it } from 'vitest';
import { chartJs, filesNeeded, screensJs, type Manifest } from './screen-js';

// A console as the build's manifest describes it: an entry, the signed-in console, each screen, and chunks they share.
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', imports: ['_react.js'] },
  _react: { file: 'assets/unused.js' },
  '_react.js': { file: 'assets/react.js' },
  'src/app/signed-in-app.tsx': { file: 'assets/signed-in.js', imports: ['index.html', '_shared.js'] },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  'src/app/screens/chat-screen.tsx': { file: 'assets/chat.js', imports: ['_shared.js', '_aria.js'] },
  '_aria.js': { file: 'assets/aria.js' },
  'src/ui/markdown/markdown-render.tsx': { file: 'assets/markdown.js', imports: ['_react.js'] },
  'src/app/screens/workflow-pages.ts': { file: 'assets/workflows.js', imports: ['_aria.js'] },
  'src/features/workflows/trends/uplot-chart.tsx': { file: 'assets/chart.js', imports: ['_react.js'] },
  'src/features/headers/page/headers-page.tsx': { file: 'assets/headers.js' },
  'src/features/inspector/inspector-page.tsx': { file: 'assets/inspector.js', imports: ['_aria.js'] },
  'src/features/settings/settings-page.tsx': { file: 'assets/settings.js' },
};
const bytes: Record<string, number> = {
  'assets/index.js': 40 * 1024,
  'assets/react.js': 60 * 1024,
  'assets/signed-in.js': 30 * 1024,
  'assets/shared.js': 20 * 1024,
  'assets/chat.js': 50 * 1024,
  'assets/aria.js': 70 * 1024,
  'assets/markdown.js': 25 * 1024,
  'assets/workflows.js': 45 * 1024,
  'assets/headers.js': 10 * 1024,
  'assets/inspector.js': 15 * 1024,
  'assets/settings.js': 5 * 1024,
  'assets/chart.js': 22 * 1024,
};

describe('the JavaScript a screen needs', () => {
  it('is each entry and every chunk it imports, transitively, each once', () => {
    expect(filesNeeded(manifest, ['src/app/signed-in-app.tsx', 'src/app/screens/chat-screen.tsx'])).toEqual([
      'assets/signed-in.js',
      'assets/index.js',
      'assets/react.js',
      'assets/shared.js',
      'assets/chat.js',
      'assets/aria.js',
    ]);
  });

  it('fails when the manifest has no such module, rather than measuring less than is loaded', () => {
    expect(() => filesNeeded(manifest, ['src/app/screens/nowhere.tsx'])).toThrow(/nowhere/);
  });

  it('per screen: the largest chunk and the sum, the page and the signed-in console included; markdown only for chat and workflows', () => {
    const screens = screensJs(manifest, (file) => bytes[file] ?? Number.NaN);
    const chat = screens.find((item) => item.screen === 'chat');
    const settings = screens.find((item) => item.screen === 'settings');
    expect(chat).toMatchObject({ screen: 'chat', largestKb: 70, largestFile: 'assets/aria.js', totalKb: 295 });
    expect(chat?.chunks.slice(0, 3)).toEqual([
      { file: 'assets/aria.js', kb: 70 },
      { file: 'assets/react.js', kb: 60 },
      { file: 'assets/chat.js', kb: 50 },
    ]);
    expect(chat?.chunks).toHaveLength(7);
    expect(settings).toMatchObject({ screen: 'settings', largestKb: 60, largestFile: 'assets/react.js', totalKb: 155 });
    expect(screens.map((item) => item.screen)).toEqual(['chat', 'workflows', 'headers', 'inspector', 'settings']);
  });

  it('leaves the chart out of every screen while only a dynamic import reaches it, and names a screen that imports it', () => {
    expect(chartJs(manifest, (file) => bytes[file] ?? Number.NaN)).toEqual({ kb: 22, inScreens: [] });
    const leaked: Manifest = {
      ...manifest,
      'src/app/screens/workflow-pages.ts': {
        file: 'assets/workflows.js',
        imports: ['_aria.js', 'src/features/workflows/trends/uplot-chart.tsx'],
      },
    };
    expect(chartJs(leaked, (file) => bytes[file] ?? Number.NaN).inScreens).toEqual(['workflows']);
  });
});
