import { useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';

/** Where the rail folds into a drawer; the same width as the narrow layout of rail.css and shell.css. */
const narrowQuery = '(max-width: 760px)';

function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/**
 * The left rail as a drawer on narrow screens: the menu button opens it, focus moves into it, Esc, the
 * backdrop and going to another screen close it, and focus goes back to the menu button.
 */
export function useNavDrawer() {
  const narrow = useMediaQuery(narrowQuery);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Open on the screen it was opened on: navigating anywhere closes it without an effect to watch for it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = narrow && openOn === pathname;
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    const inPanel = (element: Element | null) => element !== null && (panel.current?.contains(element) ?? false);
    if (open && !inPanel(document.activeElement)) panel.current?.querySelector<HTMLElement>('a[href]')?.focus();
    if (!open && wasOpen.current) {
      const active = document.activeElement;
      // Something the person chose may have taken focus already (the message box after "New chat"): it keeps it.
      if (active === null || active === document.body || inPanel(active)) button.current?.focus();
    }
    wasOpen.current = open;
  }, [open]);

  const show = useCallback(() => setOpenOn(pathname), [pathname]);
  const hide = useCallback(() => setOpenOn(null), []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open || event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    hide();
  };
  return { narrow, open, show, hide, onKeyDown, button, panel };
}
