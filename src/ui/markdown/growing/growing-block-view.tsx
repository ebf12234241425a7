import { memo, useLayoutEffect, useRef } from 'react';
import { GrowingBlock } from './growing-block';
import type { RehypeOptions } from '@/ui/markdown/markdown-hast';

/**
 * The block of a streaming answer still growing, as a group of its own after the finished ones. React renders only
 * the box; what is inside is painted by a GrowingBlock, once per update (at most once per frame), before paint.
 */
export const GrowingBlockView = memo(function GrowingBlockView({
  text,
  rehype,
}: {
  text: string;
  rehype: RehypeOptions;
}) {
  const box = useRef<HTMLDivElement>(null);
  const painter = useRef<GrowingBlock | null>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    painter.current ??= new GrowingBlock(element, rehype);
    painter.current.update(text);
  }, [text, rehype]);
  return <div ref={box} className="markdown-group" />;
});
