// Runs in the page before its scripts (addInitScript): every animation frame from the document's start, it notes when
// the wanted text first shows in a turn, when the message box first takes input, and where the rail's first
// conversation and the message box sit, so a reload can be timed and its layout jumps counted. Serialized into the
// page: it may use nothing from outside itself.

export interface BootSample {
  at: number;
  /** Top of the rail's first conversation link, or null while there is none. */
  railTop: number | null;
  /** Top of the message box, or null while there is none. */
  composerTop: number | null;
  /** Top of the rail's link to Workflows (under the conversations), or null while there is none. */
  workflowsTop: number | null;
  /** Bottom of the newest turn, or null while there is none. */
  lastTurnBottom: number | null;
}

export interface BootProbe {
  /** performance.now() of the first frame with the wanted text in a turn (the document's start is 0). */
  textAt: number | null;
  /** performance.now() of the first frame with the message box taking input. */
  composerAt: number | null;
  /** One sample per frame in which the rail's first conversation or the message box moved, appeared or went. */
  samples: BootSample[];
}

declare global {
  interface Window {
    __boot: BootProbe;
  }
}

export function installBootProbe(): void {
  const wanted = sessionStorage.getItem('bench:boot-text');
  if (wanted === null) return;
  const probe: BootProbe = { textAt: null, composerAt: null, samples: [] };
  window.__boot = probe;
  const started = performance.now();
  const frame = () => {
    const now = performance.now();
    if (probe.textAt === null) {
      for (const article of document.querySelectorAll('article')) {
        if (article.textContent?.includes(wanted)) {
          probe.textAt = now;
          break;
        }
      }
    }
    const box = document.querySelector<HTMLTextAreaElement>('#composer-input');
    if (probe.composerAt === null && box && !box.disabled && box.placeholder === 'Ask something…') {
      probe.composerAt = now;
    }
    const first = document.querySelector('.conversations a[href^="/chat/"]');
    const railTop = first ? Math.round(first.getBoundingClientRect().top) : null;
    const composerTop = box ? Math.round(box.getBoundingClientRect().top) : null;
    const workflows = document.querySelector('nav a[href="/workflows"]');
    const workflowsTop = workflows ? Math.round(workflows.getBoundingClientRect().top) : null;
    const articles = document.querySelectorAll('article');
    const newest = articles[articles.length - 1];
    const lastTurnBottom = newest ? Math.round(newest.getBoundingClientRect().bottom) : null;
    const last = probe.samples[probe.samples.length - 1];
    if (
      !last ||
      last.railTop !== railTop ||
      last.composerTop !== composerTop ||
      last.workflowsTop !== workflowsTop ||
      last.lastTurnBottom !== lastTurnBottom
    ) {
      probe.samples.push({ at: Math.round(now), railTop, composerTop, workflowsTop, lastTurnBottom });
    }
    // Ten seconds is well past any start; the probe stops so it costs nothing afterwards.
    if (now - started < 10_000) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
