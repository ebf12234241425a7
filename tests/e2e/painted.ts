import type { Page } from '@playwright/test';

/**
 * The colour one of the design's tokens paints in this page and theme ("--error" → "rgb(201, 42, 42)"): what a
 * person sees, compared with an element's computed colour rather than with the class that chose it.
 */
export const tokenColour = (page: Page, token: `--${string}`) =>
  page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, token);
