import { useId } from 'react';
import { resolveNumber, resolveString } from '@/domain/a2ui/binding';
import type { ComponentOf } from '@/domain/a2ui/catalog';
import { Markdown } from '@/ui/markdown/markdown';
import type { RenderContext } from './a2ui-context';

// The catalog's display components that hold no other: Text (plain, or its simple markdown) and ProgressBar.

/** Text that uses markdown (the catalog's Text "supports simple Markdown"): headings, lists, emphasis, code, links. */
const markdownLike = /(^|\n)\s{0,3}(#{1,6}\s|[-*+]\s|\d+\.\s|>\s)|\*\*|__|`|\[[^\]\n]+\]\(/;

export function TextView({
  component,
  scope,
  ctx,
}: {
  component: ComponentOf<'Text'>;
  scope: string;
  ctx: RenderContext;
}) {
  const text = resolveString(component.text, ctx.model, scope);
  const level = /^h([1-5])$/.exec(component.variant)?.[1];
  if (level)
    return (
      <span
        className={`a2ui-text a2ui-${component.variant}`}
        role="heading"
        aria-level={Math.min(6, Number(level) + 2)}
        data-a2ui-id={component.id}
      >
        {text.replace(/^\s{0,3}#{1,6}\s+/, '')}
      </span>
    );
  // Through the console's markdown (no raw HTML, no images loaded, only http(s) and mailto links).
  if (markdownLike.test(text))
    return (
      <div className={`a2ui-text a2ui-markdown a2ui-${component.variant}`} data-a2ui-id={component.id}>
        <Markdown text={text} />
      </div>
    );
  return (
    <span className={`a2ui-text a2ui-${component.variant}`} data-a2ui-id={component.id}>
      {text}
    </span>
  );
}

export function ProgressView({
  component,
  scope,
  ctx,
}: {
  component: ComponentOf<'ProgressBar'>;
  scope: string;
  ctx: RenderContext;
}) {
  const labelId = useId();
  const label = resolveString(component.label, ctx.model, scope);
  const value = resolveNumber(component.value, ctx.model, scope);
  const determinate = component.variant === 'determinate' && value !== undefined;
  const shown = determinate ? Math.min(Math.max(value, 0), component.max) : undefined;
  const percent = shown === undefined ? null : Math.round((shown / component.max) * 100);
  return (
    <div className="a2ui-field a2ui-progress">
      <span id={labelId} className="small">
        {label || 'Progress'}
        {component.showPercentage && percent !== null ? ` · ${percent}%` : ''}
      </span>
      <progress aria-labelledby={labelId} max={component.max} {...(shown === undefined ? {} : { value: shown })} />
    </div>
  );
}
