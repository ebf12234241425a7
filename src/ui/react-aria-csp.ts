/**
 * react-aria's usePress adds a <style> element (touch-action for pressable elements) unless one with its id exists.
 * The console's CSP is style-src 'self', so that element would be blocked and reported: a marker with the same id
 * stops it, and controls.css carries the rule itself. Imported for its effect by every module that renders
 * react-aria-components, before any of them mounts.
 */
const pressableStyleId = 'react-aria-pressable-style';

if (typeof document !== 'undefined' && !document.getElementById(pressableStyleId)) {
  const marker = document.createElement('meta');
  marker.id = pressableStyleId;
  marker.setAttribute('content', 'touch-action rule in controls.css');
  document.head.append(marker);
}
