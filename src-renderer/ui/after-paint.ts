/**
 * Runs `run` in a task once the next frame has been painted (a frame callback, then a task
 * queued from it), so work that can wait never sits between a change and its paint. Returns
 * a cancel.
 */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
