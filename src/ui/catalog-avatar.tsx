export interface CatalogItem {
  id: string;
  name: string;
  description?: string | undefined;
  /** An icon the page may load: a data: image or a path on this origin (the CSP allows no other). */
  iconUrl?: string | undefined;
}

// Names and icon addresses come from servers: only images the page's own CSP would load anyway are drawn, and never
// through a scheme that could run script.
const drawable = (url: string | undefined): url is string =>
  url !== undefined && (/^data:image\/(png|jpe?g|gif|webp);/i.test(url) || /^\/(?!\/)/.test(url));

/** An item's icon, or the first letter of its name on a tinted disc. */
export function CatalogAvatar({ item }: { item: CatalogItem }) {
  if (drawable(item.iconUrl)) return <img className="catalog-avatar" src={item.iconUrl} alt="" />;
  const initial = Array.from(item.name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span className="catalog-avatar" aria-hidden="true">
      {initial}
    </span>
  );
}
