import type { CatalogMatch } from '@/domain/catalog/catalog-match';

export interface CatalogItem {
  id: string;
  name: string;
  description?: string | undefined;
  /** A short name the server may also search by; shown only when it is why the item matched. */
  slug?: string | undefined;
  /** Why the item is offered for what is typed (the picker marks it); absent when nothing is searched. */
  match?: CatalogMatch | null | undefined;
  /** An icon the page may load: a data: image or a path on this origin (the CSP allows no other). */
  iconUrl?: string | undefined;
  /** The server refused this person the item, in its words: the list marks it with a lock and says why. */
  refused?: string | undefined;
}

// Names and icon addresses come from servers: only images the page's own CSP would load anyway are drawn, and never
// through a scheme that could run script. A path must stay on this origin: browsers read `/\host` (and tabs or new
// lines inside it, which they strip) as `//host`, another origin, so backslashes and control characters are refused.
const unsafeInPath = (char: string) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f;
const samePath = (url: string) => url.startsWith('/') && !url.startsWith('//') && ![...url].some(unsafeInPath);
const dataImage = /^data:image\/(png|jpe?g|gif|webp);/i;

/** True for an icon address the avatar may load: a data: picture or a path on this origin. */
export const drawableIcon = (url: string | undefined): url is string =>
  url !== undefined && (dataImage.test(url) || samePath(url));

/** An item's icon, or the first letter of its name on a tinted disc. */
export function CatalogAvatar({ item }: { item: CatalogItem }) {
  if (drawableIcon(item.iconUrl)) return <img className="catalog-avatar" src={item.iconUrl} alt="" />;
  const initial = Array.from(item.name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span className="catalog-avatar" aria-hidden="true">
      {initial}
    </span>
  );
}
