import { useEffect, useState } from 'react';

// A canvas cannot read CSS variables: the chart takes the theme's colours as values, read from the page's tokens
// (src/app/styles.css), and is drawn again when the theme changes (a choice in Settings sets `data-theme` on <html>;
// "system" follows the device, whose scheme can change while the page is open).

export interface ChartColours {
  text: string;
  muted: string;
  grid: string;
  accent: string;
  success: string;
  running: string;
  interrupted: string;
}

export type ChartColour = 'accent' | 'success' | 'running' | 'interrupted';

function readColours(): ChartColours {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: token('--fg', '#1c1f24'),
    muted: token('--fg-muted', '#5d6470'),
    grid: token('--border', '#dfe2e7'),
    accent: token('--accent', '#3b5bdb'),
    success: token('--success', '#2b7a3b'),
    running: token('--running', '#1971c2'),
    interrupted: token('--interrupted', '#a35200'),
  };
}

/** The theme's colours now, and again whenever the theme changes. */
export function useChartColours(): ChartColours {
  const [colours, setColours] = useState(readColours);
  useEffect(() => {
    const refresh = () =>
      setColours((held) => {
        const next = readColours();
        return JSON.stringify(next) === JSON.stringify(held) ? held : next;
      });
    const observer = new MutationObserver(refresh);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', refresh);
    return () => {
      observer.disconnect();
      scheme.removeEventListener('change', refresh);
    };
  }, []);
  return colours;
}
