// The markdown of an answer as hast, made by the same steps react-markdown takes (remark-parse, remark-gfm,
// remark-rehype, then raw HTML dropped and every URL passed through `markdownUrl`), for the renderer that paints a
// growing block without React (./growing/growing-block.ts). Both renderers read their options from here.
import type { Element, Root, RootContent } from 'hast';
import { urlAttributes } from 'html-url-attributes';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import remarkParse from 'remark-parse';
import remarkRehype, { type Options as RehypeOptions } from 'remark-rehype';
import { unified, type Processor as UnifiedProcessor } from 'unified';
import type { Options } from 'react-markdown';
import { markdownComponents } from './markdown-components';
import { markdownUrl } from './markdown-url';

export type { RehypeOptions };

/**
 * remark-gfm as far as reading goes: GFM's syntax and its mdast. remark-gfm adds the writing side too (mdast back to
 * markdown, a library of its own), which nothing here does: leaving it out keeps it out of the chat's JS.
 */
function remarkGfm(this: UnifiedProcessor) {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}

const remarkPlugins = [remarkGfm];

/** react-markdown's options for answers (with `remarkRehypeOptions` per rendered text): GFM, no raw HTML, safe URLs. */
export const markdownOptions: Readonly<Options> = {
  remarkPlugins,
  skipHtml: true,
  urlTransform: markdownUrl,
  components: markdownComponents,
};

type Parent = Root | Element;

/** What react-markdown does after remark-rehype with `skipHtml` and our `urlTransform`. */
function clean(parent: Parent): void {
  const kept: RootContent[] = [];
  for (const child of parent.children) {
    // Raw HTML never renders: `skipHtml`.
    if (child.type === 'raw') continue;
    if (child.type === 'element') {
      for (const [key, test] of Object.entries(urlAttributes)) {
        if (!Object.hasOwn(child.properties, key)) continue;
        if (test === null || test.includes(child.tagName)) {
          const value = child.properties[key];
          child.properties[key] = markdownUrl(typeof value === 'string' ? value : String(value ?? ''));
        }
      }
      clean(child);
    }
    kept.push(child);
  }
  parent.children = kept as typeof parent.children;
}

type Processor = ReturnType<typeof processorFor>;

const processorFor = (rehype: RehypeOptions) =>
  unified()
    .use(remarkParse)
    .use(remarkPlugins)
    .use(remarkRehype, { ...rehype, allowDangerousHtml: true });

// One processor per options object (one per rendered answer): dies with it.
const processors = new WeakMap<RehypeOptions, Processor>();

/** The hast react-markdown would render for `text` with these options. */
export function markdownHast(text: string, rehype: RehypeOptions): Root {
  let processor = processors.get(rehype);
  if (!processor) {
    processor = processorFor(rehype);
    processors.set(rehype, processor);
  }
  const tree = processor.runSync(processor.parse(text));
  clean(tree);
  return tree;
}
