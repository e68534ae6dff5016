// Dragging a row by its handle to a new place in a list kept in a person's order (issue 32):
// the row follows the pointer, and once let go it lands a row further for each row height
// moved. The Favourites and ordered-list screens use it.

/** The place a row dragged `dy` px from `from` lands at, among rows of height `height` (0…count-1). */
export function dropPlace(from, dy, height, count) {
  return Math.max(0, Math.min(count - 1, from + Math.round(dy / Math.max(1, height))));
}

/**
 * Lets `handle` drag `row` up or down (the class `dragging` on it meanwhile); the rows it passes
 * over (`rows()`, the list's rows in order) make room for it. Let go elsewhere, `moved(from, to)`
 * is called with both places from 0; a cancelled drag moves nothing. `place()` is the row's place
 * now, `count()` how many rows there are, `blocked()` says when no drag may start (a move still
 * being saved); `started()` and `ended()` are told when a drag starts and ends, however it ends.
 */
export function bindDragReorder(handle, row, {
  place, count, blocked = () => false, moved, rows = () => [], started = () => {}, ended = () => {},
}) {
  let drag = null;
  handle.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || blocked()) return;
    // The handle's own gesture: never the row's swipe, never a scroll.
    event.preventDefault();
    event.stopPropagation();
    started();
    drag = { y: event.clientY, from: place(), height: row.getBoundingClientRect().height, others: rows() };
    handle.setPointerCapture(event.pointerId);
    row.classList.add('dragging');
  });
  handle.addEventListener('pointermove', (event) => {
    if (!drag) return;
    const dy = event.clientY - drag.y;
    row.style.transform = `translateY(${dy}px)`;
    const { from, height } = drag;
    const to = dropPlace(from, dy, height, count());
    drag.others.forEach((other, i) => {
      if (other === row) return;
      const shift = i > from && i <= to ? -height : i < from && i >= to ? height : 0;
      other.style.transform = shift ? `translateY(${shift}px)` : '';
    });
  });
  const stop = (event, cancelled) => {
    if (!drag) return;
    const { from, height, others } = drag;
    const to = dropPlace(from, event.clientY - drag.y, height, count());
    drag = null;
    for (const other of [row, ...others]) other.style.transform = '';
    row.classList.remove('dragging');
    ended();
    if (!cancelled && to !== from) moved(from, to);
  };
  handle.addEventListener('pointerup', (event) => stop(event, false));
  handle.addEventListener('pointercancel', (event) => stop(event, true));
}
