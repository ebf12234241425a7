import { actionName } from '@/domain/a2ui/answer';
import type { ComponentOf } from '@/domain/a2ui/catalog';
import { evaluate, interpolateText } from './evaluate';
import { safeMediaUrl } from '@/domain/a2ui/media-url';

// What pressing a Button does (common_types.json Action): send its event to the agent, or run a local function. The
// one local function of the Basic Catalog is `openUrl`; it opens only an http(s) address, after the person sees its
// host (the view asks). A Button with any other local function does nothing here.

/** Where an openUrl action would go: a web address, or the text that is not one. */
export type PendingLink = { url: URL } | { unreadable: string };

/** Where the Button's openUrl goes (a `${…}` text written out first, a path read), or null for another action. */
export function linkOf(button: ComponentOf<'Button'>, model: unknown, scope: string): PendingLink | null {
  if (!('functionCall' in button.action) || button.action.functionCall.call !== 'openUrl') return null;
  const args: unknown = button.action.functionCall['args'];
  const raw = typeof args === 'object' && args !== null && 'url' in args ? args.url : undefined;
  const value = typeof raw === 'string' ? interpolateText(raw, { model, scope }) : evaluate(raw, { model, scope });
  const text = typeof value === 'string' ? value : '';
  const url = safeMediaUrl(text);
  return url ? { url } : { unreadable: text.slice(0, 200) || '(empty)' };
}

/** Whether a Button does something here: sends its event, or opens a link. */
export const isPressable = (button: ComponentOf<'Button'>): boolean =>
  actionName(button) !== null || ('functionCall' in button.action && button.action.functionCall.call === 'openUrl');
