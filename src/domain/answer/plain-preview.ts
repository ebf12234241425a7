// A one-line preview of a markdown text, read as prose: no `#`, `**`, fences, link targets or list markers.

export function plainPreview(markdown: string, max = 120): string {
  const text = markdown
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|\*|~~|`)(?=\S)([^\n]*?\S)\1/g, '$2')
    // Underscores mark emphasis only at word edges: snake_case names keep theirs.
    .replace(/(^|[^\w])(__|_)(?=\S)([^\n]*?\S)\2(?!\w)/g, '$1$3')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...text].length > max ? `${[...text].slice(0, max).join('').trimEnd()}…` : text;
}
