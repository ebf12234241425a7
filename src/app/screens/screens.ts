import { screenChunk } from './screen-chunk';

// Each top-level screen is a chunk of its own, fetched on its first visit: Settings never pays for the chat, its
// markdown stack or the workflows. The pages are imported from their own modules, not the features' indexes, which
// the always-loaded rail imports. This module is part of the entry (tiny: the imports are all on demand), so a tab
// restoring a session fetches the screen its address opens beside the console itself.
const workflowPages = () => import('./workflow-pages');

export const screens = {
  chat: screenChunk(() => import('./chat-screen').then((module) => module.ChatScreen)),
  sideBySide: screenChunk(() => import('./side-by-side-screen').then((module) => module.SideBySideScreen)),
  workflows: screenChunk(() => workflowPages().then((module) => module.WorkflowsPage)),
  runs: screenChunk(() => workflowPages().then((module) => module.RunsPage)),
  run: screenChunk(() => workflowPages().then((module) => module.RunPage)),
  execution: screenChunk(() => workflowPages().then((module) => module.ExecutionOpener)),
  compare: screenChunk(() => workflowPages().then((module) => module.ComparePage)),
  compareBatches: screenChunk(() => workflowPages().then((module) => module.BatchComparePage)),
  batch: screenChunk(() => workflowPages().then((module) => module.BatchPage)),
  workflowBatches: screenChunk(() => workflowPages().then((module) => module.WorkflowBatchesPage)),
  headers: screenChunk(() => import('@/features/headers/page/headers-page').then((module) => module.HeadersPage)),
  inspector: screenChunk(() => import('@/features/inspector/inspector-page').then((module) => module.InspectorPage)),
  share: screenChunk(() => import('./share-screen').then((module) => module.ShareScreen)),
  settings: screenChunk(() => import('@/features/settings/settings-page').then((module) => module.SettingsPage)),
};

/**
 * The screen an address opens, and whether it shows markdown at once (answers, run outputs). The sign-in callback
 * (and the bare origin) goes on to the chat unless the person was elsewhere before signing in: chat is the guess.
 */
export function screenAt(path: string): { screen: { preload(): Promise<unknown> }; markdown: boolean } | undefined {
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (under('/chat/side-by-side')) return { screen: screens.sideBySide, markdown: true };
  if (path === '/' || under('/chat') || under('/auth')) return { screen: screens.chat, markdown: true };
  if (under('/workflows/runs')) return { screen: screens.runs, markdown: true };
  if (under('/workflows')) return { screen: screens.workflows, markdown: true };
  if (under('/headers')) return { screen: screens.headers, markdown: false };
  if (under('/inspector')) return { screen: screens.inspector, markdown: false };
  if (under('/settings')) return { screen: screens.settings, markdown: false };
  if (under('/share')) return { screen: screens.share, markdown: true };
  return undefined;
}
