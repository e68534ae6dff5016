// Dragging a row by its handle to a new place in a list kept in a person's order (issue 32):
// the row follows the pointer, and once let go it lands a row further for each row height
// moved. The Favourites screen uses it; any screen of rows in an order of one's own can.

/** The place a row dragged `dy` px from `from` lands at, among rows of height `height` (0…count-1). */
export function dropPlace(from, dy, height, count) {
  return Math.max(0, Math.min(count - 1, from + Math.round(dy / Math.max(1, height))));
}

/**
 * Lets `handle` drag `row` up or down (the class `dragging` on it meanwhile). Let go elsewhere,
 * `moved(from, to)` is called with both places from 0; a cancelled drag moves nothing.
 * `place()` is the row's place now, `count()` how many rows there are, and `blocked()` says
 * when no drag may start (a move still being saved).
 */
export function bindDragReorder(handle, row, { place, count, blocked = () => false, moved }) {
  let start = null;
  handle.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || blocked()) return;
    event.preventDefault();
    start = { y: event.clientY, from: place(), height: row.getBoundingClientRect().height };
    handle.setPointerCapture(event.pointerId);
    row.classList.add('dragging');
  });
  handle.addEventListener('pointermove', (event) => {
    if (start) row.style.transform = `translateY(${event.clientY - start.y}px)`;
  });
  const stop = (event, cancelled) => {
    if (!start) return;
    const { from, height } = start;
    const to = dropPlace(from, event.clientY - start.y, height, count());
    start = null;
    row.style.transform = '';
    row.classList.remove('dragging');
    if (!cancelled && to !== from) moved(from, to);
  };
  handle.addEventListener('pointerup', (event) => stop(event, false));
  handle.addEventListener('pointercancel', (event) => stop(event, true));
}
