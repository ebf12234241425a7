// The JavaScript each signed-in screen needs, read from the build's manifest (dist/.vite/manifest.json): the entry,
// the signed-in console, the screen's own chunk, what the screen's route fetches with it (the markdown renderer),
// and every chunk those import statically. Gzip -9 sizes, like the initial JS row.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The manifest keys a screen needs at once: the page, the signed-in console, and the screen's modules. */
const always = ['index.html', 'src/app/signed-in-app.tsx'];
const markdown = 'src/ui/markdown/markdown-render.tsx';
export const screenModules: Record<string, string[]> = {
  chat: ['src/app/screens/chat-screen.tsx', markdown],
  workflows: ['src/app/screens/workflow-pages.ts', markdown],
  headers: ['src/features/headers/page/headers-page.tsx'],
  inspector: ['src/features/inspector/inspector-page.tsx'],
  settings: ['src/features/settings/settings-page.tsx'],
};

/** The files of these manifest entries and of every chunk they import statically, each once. */
export function filesNeeded(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no ${key}`);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

export interface ScreenJs {
  screen: string;
  /** The largest of the chunks the screen needs (KB gzip), and its file. */
  largestKb: number;
  largestFile: string;
  /** All the JS the screen needs (KB gzip), the sign-in page's included. */
  totalKb: number;
  /** Each of those chunks (KB gzip), largest first. */
  chunks: { file: string; kb: number }[];
}

/** Per screen, from `sizeOf(file)` in bytes. */
export function screensJs(manifest: Manifest, sizeOf: (file: string) => number): ScreenJs[] {
  return Object.entries(screenModules).map(([screen, keys]) => {
    const sized = filesNeeded(manifest, [...always, ...keys])
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, kb: sizeOf(file) / 1024 }));
    const largest = sized.reduce((top, item) => (item.kb > top.kb ? item : top), { file: '', kb: 0 });
    return {
      screen,
      largestKb: largest.kb,
      largestFile: largest.file,
      totalKb: sized.reduce((sum, item) => sum + item.kb, 0),
      chunks: [...sized].sort((a, b) => b.kb - a.kb),
    };
  });
}

/** The chart library's module: fetched by a dynamic import when a chart is first shown (the batches pages). */
const chartModule = 'src/features/workflows/trends/uplot-chart.tsx';

export interface ChartJs {
  /** The chart's chunk (KB gzip). */
  kb: number;
  /** Screens whose static JS holds the chart's chunk: none, or they pay for a chart they do not show. */
  inScreens: string[];
}

/** The chart's own chunk, and which screens would load it at once (it must be none). */
export function chartJs(manifest: Manifest, sizeOf: (file: string) => number): ChartJs {
  const chunk = manifest[chartModule];
  if (!chunk) throw new Error(`the build's manifest has no ${chartModule}`);
  return {
    kb: sizeOf(chunk.file) / 1024,
    inScreens: Object.entries(screenModules)
      .filter(([, keys]) => filesNeeded(manifest, [...always, ...keys]).includes(chunk.file))
      .map(([screen]) => screen),
  };
}

const gzipSizeIn = (dir: string) => (file: string) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
const manifestIn = (dir: string) => JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;

/** The screens of a built console in `dir` (built with `build.manifest`). */
export function builtScreensJs(dir: string): ScreenJs[] {
  return screensJs(manifestIn(dir), gzipSizeIn(dir));
}

/** The chart's chunk of a built console in `dir`. */
export const builtChartJs = (dir: string): ChartJs => chartJs(manifestIn(dir), gzipSizeIn(dir));
