// A short message over the page (share results, the view-or-copy switch) that goes
// away by itself: it confirms an action without taking the output panel's place.

const SHOWN_MS = 2600;

/** toast(message) for the element `node` (hidden between messages). */
export function createToast(node) {
  let timer = 0;
  return (message) => {
    node.textContent = message;
    node.hidden = false;
    clearTimeout(timer);
    timer = setTimeout(() => { node.hidden = true; }, SHOWN_MS);
  };
}
