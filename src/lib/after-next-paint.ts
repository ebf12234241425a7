/**
 * Resolves once the next frame has been painted: the task after that frame's callback runs only when the frame
 * is done. A hidden tab paints no frames, so a timer ends the wait there. `schedule` runs a callback with the next
 * frame (requestAnimationFrame in the browser).
 */
export function afterNextPaint(schedule: (run: () => void) => unknown, hiddenTabMs = 1000): Promise<void> {
  return new Promise<void>((resolve) => {
    schedule(() => setTimeout(resolve, 0));
    setTimeout(resolve, hiddenTabMs);
  });
}
