// When page work runs: after the user has paused (debounce), and after the browser has
// shown a frame (afterNextPaint), so slow drawing never delays what is already drawn.

/** `fn` called `ms` after the last of a burst of calls, with that call's arguments. */
export function debounce(fn, ms) {
  let timer = 0;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

// requestAnimationFrame runs just before the paint, and a task queued from there runs
// after it.
export function afterNextPaint(fn) {
  requestAnimationFrame(() => setTimeout(fn, 0));
}
