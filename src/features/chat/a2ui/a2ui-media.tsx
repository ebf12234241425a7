import { resolveString } from '@/domain/a2ui/binding';
import type { ComponentOf } from '@/domain/a2ui/catalog';
import { safeMediaUrl } from '@/domain/a2ui/media-url';
import { useEffect, useState } from 'react';
import { agentPictureDataUrl } from '@/api/agent-media';
import { Button } from '@/ui/button';
import type { RenderContext } from './a2ui-context';

// Media an agent points at is fetched only after the person consents, per origin (agreeing to pictures from one host
// loads nothing from another), never with a referrer, and only over http(s). Before that the place shows what it is
// and where it would come from.

type Media = ComponentOf<'Image'> | ComponentOf<'Video'> | ComponentOf<'AudioPlayer'>;
const what: Record<Media['kind'], string> = { Image: 'Image', Video: 'Video', AudioPlayer: 'Audio' };

function Consent({ kind, url, description, ctx }: { kind: string; url: URL; description: string; ctx: RenderContext }) {
  return (
    <div className="a2ui-media-pending">
      <span className="small muted">
        {kind} from {url.host}
        {description ? `: ${description}` : ''}
      </span>
      <Button size="small" onClick={() => ctx.allowMedia(url.origin)}>
        Load media from {url.host}
      </Button>
    </div>
  );
}

/**
 * Media the page's security policy does not let it show (another origin): the person can open it in a new tab,
 * without a referrer.
 */
function ElsewhereLink({ kind, url }: { kind: string; url: URL }) {
  return (
    <p className="a2ui-media-elsewhere small">
      <a href={url.href} target="_blank" rel="noopener noreferrer">
        Open the {kind.toLowerCase()} from {url.host} in a new tab
      </a>
    </p>
  );
}

/** A picture on this page's origin (shown as is) or on the API's (read, then shown as a data: URL). */
function Picture({ url, alt, className, direct }: { url: URL; alt: string; className: string; direct: boolean }) {
  const [shown, setShown] = useState<{ src: string } | { problem: string } | null>(direct ? { src: url.href } : null);
  useEffect(() => {
    if (direct) return;
    const controller = new AbortController();
    agentPictureDataUrl(url.href, controller.signal).then(
      (src) => setShown({ src }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setShown({ problem: error instanceof Error ? error.message : 'it could not be read' });
      },
    );
    return () => controller.abort();
  }, [url.href, direct]);
  if (shown === null) return <span className="small muted">Loading the image from {url.host}…</span>;
  if ('problem' in shown)
    return (
      <p className="a2ui-notice small muted" role="note">
        The image from {url.host} could not be shown: {shown.problem}.
      </p>
    );
  return <img className={className} src={shown.src} alt={alt} referrerPolicy="no-referrer" loading="lazy" />;
}

/** An Image, Video or AudioPlayer, behind the surface's media consent. */
export function MediaView({ component, scope, ctx }: { component: Media; scope: string; ctx: RenderContext }) {
  const raw = resolveString(component.url, ctx.model, scope);
  const description =
    (component.kind === 'Video' ? '' : resolveString(component.description, ctx.model, scope)) ||
    resolveString(component.accessibility?.label, ctx.model, scope);
  const url = safeMediaUrl(raw);
  if (!url)
    return (
      <p className="a2ui-notice small muted" role="note">
        {what[component.kind]} not shown: its address is not a web address.
      </p>
    );
  if (!ctx.mediaAllowed(url.origin))
    return <Consent kind={what[component.kind]} url={url} description={description} ctx={ctx} />;
  const src = url.href;
  const sameOrigin = url.origin === window.location.origin;
  if (component.kind === 'Image')
    return sameOrigin || url.origin === ctx.apiOrigin ? (
      <Picture
        className={`a2ui-image a2ui-fit-${component.fit} a2ui-image-${component.variant}`}
        url={url}
        alt={description}
        direct={sameOrigin}
      />
    ) : (
      <ElsewhereLink kind={what[component.kind]} url={url} />
    );
  if (!sameOrigin) return <ElsewhereLink kind={what[component.kind]} url={url} />;
  if (component.kind === 'Video')
    return (
      <video className="a2ui-video" src={src} controls preload="metadata">
        <track kind="captions" />
      </video>
    );
  return (
    <figure className="a2ui-audio">
      {description ? <figcaption className="small">{description}</figcaption> : null}
      <audio src={src} controls preload="metadata" aria-label={description || 'Audio'} />
    </figure>
  );
}

// A fixed set of glyphs for the catalog's icon names; a name not here is written out as text. Nothing is fetched.
const glyphs: Readonly<Record<string, string>> = {
  accountCircle: '◉',
  add: '+',
  arrowBack: '←',
  arrowForward: '→',
  attachFile: '📎',
  calendarToday: '📅',
  call: '☎',
  camera: '📷',
  check: '✓',
  close: '✕',
  delete: '🗑',
  download: '⤓',
  edit: '✎',
  event: '📅',
  error: '⚠',
  favorite: '♥',
  favoriteOff: '♡',
  folder: '📁',
  help: '?',
  home: '⌂',
  info: 'ℹ',
  locationOn: '📍',
  lock: '🔒',
  lockOpen: '🔓',
  mail: '✉',
  menu: '☰',
  moreVert: '⋮',
  moreHoriz: '⋯',
  notifications: '🔔',
  pause: '⏸',
  payment: '💳',
  person: '👤',
  phone: '☎',
  photo: '🖼',
  play: '▶',
  print: '⎙',
  refresh: '↻',
  search: '⌕',
  send: '➤',
  settings: '⚙',
  share: '⇪',
  shoppingCart: '🛒',
  star: '★',
  starHalf: '⯨',
  starOff: '☆',
  stop: '■',
  upload: '⤒',
  visibility: '👁',
  warning: '⚠',
};

/** An Icon: a named glyph, a catalog SVG path (drawn, not fetched), or a picture URL behind consent. */
export function IconView({
  component,
  scope,
  ctx,
}: {
  component: ComponentOf<'Icon'>;
  scope: string;
  ctx: RenderContext;
}) {
  if (component.url !== undefined) {
    const url = safeMediaUrl(resolveString(component.url, ctx.model, scope));
    if (url && ctx.mediaAllowed(url.origin))
      return <img className="a2ui-icon-image" src={url.href} alt="" referrerPolicy="no-referrer" />;
    if (url) return <Consent kind="Icon" url={url} description="" ctx={ctx} />;
  }
  if (typeof component.name === 'object' && 'svgPath' in component.name)
    return (
      <svg className="a2ui-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={component.name.svgPath} />
      </svg>
    );
  const name = resolveString(component.name, ctx.model, scope);
  const glyph = glyphs[name];
  return glyph ? (
    <span
      className="a2ui-icon"
      role="img"
      aria-label={resolveString(component.accessibility?.label, ctx.model, scope) || name}
    >
      {glyph}
    </span>
  ) : (
    <span className="a2ui-icon a2ui-icon-named small muted">{name}</span>
  );
}
