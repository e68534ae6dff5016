// A list that draws only the rows in view, so 10,000 albums scroll as smoothly as 10
// (seed §3.6 allows lazy rendering). Rows are group headers and lines of items: one
// item a line in the list, several in the grid. The sticky header above the rows shows
// the group at the top of the viewport and is pushed up by the next group's header.

function cssPixels(name) {
  return parseFloat(getComputedStyle(document.documentElement).getPropertyValue(name)) || 0;
}

export class VirtualList {
  /**
   * @param scroller the scrolling element; spacer its only child, as tall as every row
   * @param sticky the header drawn over the top of the list
   * @param draw {item(album, index, box) → Element, cell(album, index, box) → Element,
   *              header(group, box) → Element}
   */
  constructor(scroller, spacer, sticky, draw) {
    this.scroller = scroller;
    this.spacer = spacer;
    this.sticky = sticky;
    this.draw = draw;
    this.items = [];
    this.count = 0;
    this.grid = false;
    this.rows = [];
    this.drawn = new Map();
    this.frame = 0;
    scroller.addEventListener('scroll', () => this.schedule(), { passive: true });
    new ResizeObserver(() => { this.layout(); this.render(); }).observe(scroller);
  }

  /** New items (the loaded part of `count` matches); pending ones are drawn as placeholders. */
  setItems(items, count) {
    this.items = items;
    this.count = Math.max(count, items.length);
    this.layout();
    this.clear();
    this.render();
  }

  setGrid(grid) {
    this.grid = grid;
    this.layout();
    this.clear();
    this.render();
  }

  /** Redraws the rows in view (after an item changed in place). */
  refresh() { this.clear(); this.render(); }

  clear() {
    for (const element of this.drawn.values()) element.remove();
    this.drawn.clear();
  }

  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.render(); });
  }

  layout() {
    const headerHeight = cssPixels('--lh') || 22;
    const width = this.scroller.clientWidth || 360;
    // Covers about 130 px wide on a phone, 180 px on a wider screen (where the 400 px image is drawn).
    const columns = this.grid ? Math.max(3, Math.floor(width / (width > 700 ? 180 : 130))) : 1;
    const cellWidth = width / columns;
    const lineHeight = this.grid ? Math.round(cellWidth + 40) : (cssPixels('--lh') || 22) * 3;
    this.columns = columns;
    this.cellWidth = cellWidth;
    const rows = [];
    let top = 0;
    let group;
    let i = 0;
    // Loaded items: a header where the group changes, then lines of up to `columns` items of one group.
    while (i < this.items.length) {
      const g = this.items[i].group ?? null;
      if (g !== null && g !== group) {
        rows.push({ header: g, top, height: headerHeight });
        top += headerHeight;
      }
      group = g;
      let end = i + 1;
      while (end < this.items.length && end - i < columns && (this.items[end].group ?? null) === g) end++;
      rows.push({ start: i, end, top, height: lineHeight, group: g });
      top += lineHeight;
      i = end;
    }
    // Items still loading: plain lines, their headers come when they arrive.
    for (; i < this.count; i += columns) {
      rows.push({ start: i, end: Math.min(i + columns, this.count), top, height: lineHeight, group });
      top += lineHeight;
    }
    this.rows = rows;
    this.height = top;
    this.spacer.style.height = `${top}px`;
  }

  /** Index of the last row that starts at or above `y`. */
  rowAt(y) {
    let low = 0, high = this.rows.length - 1, found = 0;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (this.rows[mid].top <= y) { found = mid; low = mid + 1; } else high = mid - 1;
    }
    return found;
  }

  /** The row holding item `index`, for scrolling to it. */
  topOfItem(index) {
    const at = this.rows.findIndex((r) => r.start !== undefined && index >= r.start && index < r.end);
    if (at < 0) return 0;
    const row = this.rows[at];
    // The first line of a group shows with its header; any other sits below the sticky header.
    if (at > 0 && this.rows[at - 1].header !== undefined) return this.rows[at - 1].top;
    return row.group !== null && row.group !== undefined ? Math.max(0, row.top - (cssPixels('--lh') || 22)) : row.top;
  }

  /** The first item fully or partly in view. */
  firstVisibleIndex() {
    for (let r = this.rowAt(this.scroller.scrollTop); r < this.rows.length; r++) {
      if (this.rows[r].start !== undefined) return this.rows[r].start;
    }
    return 0;
  }

  render() {
    const top = this.scroller.scrollTop;
    const bottom = top + this.scroller.clientHeight;
    const margin = this.scroller.clientHeight; // one screen above and below, for fast flicks
    const wanted = new Map();
    if (this.rows.length) {
      for (let r = this.rowAt(Math.max(0, top - margin)); r < this.rows.length && this.rows[r].top < bottom + margin; r++) {
        const row = this.rows[r];
        if (row.header !== undefined) {
          wanted.set(`h${r}:${row.header}`, () => this.draw.header(row.header, { top: row.top, height: row.height }));
          continue;
        }
        for (let i = row.start; i < row.end; i++) {
          const album = this.items[i];
          const key = `${i}:${album ? album.id : '…'}:${this.grid ? 'g' : 'l'}`;
          if (this.grid) {
            const box = { top: row.top, left: (i - row.start) * this.cellWidth, width: this.cellWidth, height: row.height };
            wanted.set(key, () => this.draw.cell(album, i, box));
          } else {
            wanted.set(key, () => this.draw.item(album, i, { top: row.top, height: row.height }));
          }
        }
      }
    }
    for (const [key, element] of this.drawn) {
      if (!wanted.has(key)) { element.remove(); this.drawn.delete(key); }
    }
    for (const [key, make] of wanted) {
      if (!this.drawn.has(key)) {
        const element = make();
        this.spacer.appendChild(element);
        this.drawn.set(key, element);
      }
    }
    this.renderSticky(top);
  }

  renderSticky(top) {
    if (!this.rows.length || this.rows[0].header === undefined && this.rows[0].group == null) {
      this.sticky.hidden = true;
      return;
    }
    const current = this.rows[this.rowAt(top)];
    const group = current.header ?? current.group;
    if (group == null) { this.sticky.hidden = true; return; }
    this.sticky.hidden = false;
    if (this.sticky.textContent !== group) this.sticky.textContent = group;
    // The next group's header pushes this one out of the way.
    let offset = 0;
    const headerHeight = this.sticky.offsetHeight || 22;
    for (let r = this.rowAt(top) + 1; r < this.rows.length && this.rows[r].top < top + headerHeight; r++) {
      if (this.rows[r].header !== undefined) { offset = this.rows[r].top - top - headerHeight; break; }
    }
    this.sticky.style.transform = offset ? `translateY(${offset}px)` : '';
  }
}
