// The swipe-left recogniser of the lists' rows (seed §3.7: the album list, the scan history).

/** How far a finger moves before it counts as a swipe or a scroll. */
const SLOP = 8;

/**
 * What a finger that moved (x, y) from where it went down is doing: 'swipe' once it went
 * SLOP px sideways more than up or down, 'scroll' once it went SLOP px more up or down,
 * else null (not yet known).
 */
export function gesture(x, y) {
  if (Math.abs(x) >= SLOP && Math.abs(x) >= Math.abs(y)) return 'swipe';
  return Math.abs(y) > SLOP ? 'scroll' : null;
}

/**
 * Lets `element` be swiped left. `base()` is where the swipe starts (negative when the row's
 * actions are open), `begin()` runs once a swipe is recognised, `move(dx)` as the finger
 * goes (dx ≤ 0, from the row's resting place) and `end(dx)` when it lifts. The click that
 * ends a swipe is not a tap: it is stopped here, so the element's own click listeners (added
 * after this) see only taps.
 */
export function bindSwipe(element, { base = () => 0, begin = () => {}, move, end }) {
  let start = null;
  let dx = 0;
  let dragging = false;
  let moved = false;
  element.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    start = { x: event.clientX, y: event.clientY, base: base() };
    dragging = false;
    moved = false;
  });
  element.addEventListener('pointermove', (event) => {
    if (!start) return;
    const x = event.clientX - start.x;
    if (!dragging) {
      const seen = gesture(x, event.clientY - start.y);
      if (seen === 'scroll') start = null; // a vertical scroll, not a swipe
      if (seen !== 'swipe') return;
      dragging = true;
      moved = true;
      element.setPointerCapture(event.pointerId);
      begin();
    }
    dx = Math.min(0, start.base + x);
    move(dx);
  });
  const stop = () => {
    if (!start) return;
    start = null;
    if (!dragging) return;
    dragging = false;
    end(dx);
  };
  element.addEventListener('pointerup', stop);
  element.addEventListener('pointercancel', stop);
  element.addEventListener('click', (event) => {
    if (!moved) return;
    moved = false;
    event.preventDefault();
    event.stopImmediatePropagation();
  });
}
