// A list that draws only the rows in view, so 10,000 albums scroll as smoothly as 10
// (seed §3.6 allows lazy rendering). Rows are group headers and lines of items: one
// item a line in the list, several in the grid. The sticky header above the rows shows
// the group at the top of the viewport and is pushed up by the next group's header.
// Items not loaded yet are placeholders; the list says which ones are in view, so the
// page under the viewport is fetched as the list scrolls (docs/app.md, "Goals at any size").

function cssPixels(name) {
  return parseFloat(getComputedStyle(document.documentElement).getPropertyValue(name)) || 0;
}

export class VirtualList {
  /**
   * @param scroller the scrolling element; spacer its only child, as tall as every row
   * @param sticky the header drawn over the top of the list
   * @param draw {item(album, index, box) → Element, cell(album, index, box) → Element,
   *              header(group, box) → Element, missing(first, last) (optional: the items
   *              in and near view that are not loaded yet, or null when none is)}
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

  /**
   * New items: `items` may have holes (pages not loaded yet), `count` is how many match in all;
   * unloaded items are drawn as placeholders. `keep`: the first item in view stays where it is
   * (a page arrived, and its group headers must not push the rows under the reader's eyes).
   */
  setItems(items, count, { keep = false } = {}) {
    const anchor = keep && this.rows.length ? this.anchor() : null;
    this.items = items;
    this.count = Math.max(count, items.length);
    this.layout();
    if (anchor) this.scroller.scrollTop = this.lineTop(anchor.index) + anchor.offset;
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

  /**
   * Rows: group headers, lines of up to `columns` loaded items of one group, and gaps (runs of
   * lines of items not loaded yet, one row each), so that laying out costs what is loaded,
   * not the size of the collection.
   */
  layout() {
    const headerHeight = cssPixels('--lh') || 22;
    const width = this.scroller.clientWidth || 360;
    // Covers about 130 px wide on a phone, 180 px on a wider screen (where the 400 px image is drawn).
    const columns = this.grid ? Math.max(3, Math.floor(width / (width > 700 ? 180 : 130))) : 1;
    const cellWidth = width / columns;
    const lineHeight = this.grid ? Math.round(cellWidth + 40) : (cssPixels('--lh') || 22) * 3;
    this.width = width; // read once here: a row drawn must not read the layout again (a reflow per row)
    this.columns = columns;
    this.cellWidth = cellWidth;
    this.lineHeight = lineHeight;
    const rows = [];
    const items = this.items;
    let top = 0;
    let group;
    let i = 0;
    while (i < this.count) {
      if (items[i] === undefined) {
        // Not loaded yet: plain lines, their headers come when they arrive.
        let end = i + 1;
        while (end < this.count && items[end] === undefined) end++;
        const lines = Math.ceil((end - i) / columns);
        rows.push({ gap: true, start: i, end, top, height: lines * lineHeight, group });
        top += lines * lineHeight;
        i = end;
        continue;
      }
      const g = items[i].group ?? null;
      if (g !== null && g !== group) {
        rows.push({ header: g, top, height: headerHeight });
        top += headerHeight;
      }
      group = g;
      let end = i + 1;
      while (end < this.count && end - i < columns && items[end] !== undefined && (items[end].group ?? null) === g) end++;
      rows.push({ start: i, end, top, height: lineHeight, group: g });
      top += lineHeight;
      i = end;
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

  /** Index of the row holding item `index`, or -1. */
  rowOfItem(index) {
    let low = 0, high = this.rows.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const row = this.rows[mid];
      if (row.start === undefined) {
        // A header: it sits just before the first line of its group.
        const next = this.rows[mid + 1];
        if (next && next.start !== undefined && index >= next.start) low = mid + 1; else high = mid - 1;
      } else if (index < row.start) high = mid - 1;
      else if (index >= row.end) low = mid + 1;
      else return mid;
    }
    return -1;
  }

  /** The top of the line holding item `index`. */
  lineTop(index) {
    const at = this.rowOfItem(index);
    if (at < 0) return 0;
    const row = this.rows[at];
    return row.gap ? row.top + Math.floor((index - row.start) / this.columns) * this.lineHeight : row.top;
  }

  /** The row holding item `index`, for scrolling to it. */
  topOfItem(index) {
    const at = this.rowOfItem(index);
    if (at < 0) return 0;
    const row = this.rows[at];
    if (row.gap) return this.lineTop(index);
    // The first line of a group shows with its header; any other sits below the sticky header.
    if (at > 0 && this.rows[at - 1].header !== undefined) return this.rows[at - 1].top;
    return row.group !== null && row.group !== undefined ? Math.max(0, row.top - (cssPixels('--lh') || 22)) : row.top;
  }

  /** The first item fully or partly in view. */
  firstVisibleIndex() { return this.anchor().index; }

  /** The first item in view and how far the view's top is below its line's top. */
  anchor() {
    const top = this.scroller.scrollTop;
    for (let r = this.rowAt(top); r < this.rows.length; r++) {
      const row = this.rows[r];
      if (row.start === undefined) continue;
      if (row.gap) {
        const line = Math.max(0, Math.floor((top - row.top) / this.lineHeight));
        const index = Math.min(row.end - 1, row.start + line * this.columns);
        return { index, offset: top - (row.top + line * this.lineHeight) };
      }
      return { index: row.start, offset: top - row.top };
    }
    return { index: 0, offset: 0 };
  }

  render() {
    const top = this.scroller.scrollTop;
    const bottom = top + this.scroller.clientHeight;
    const margin = this.scroller.clientHeight; // one screen above and below, for fast flicks
    const wanted = new Map();
    let firstMissing = -1;
    let lastMissing = -1;
    const place = (album, i, lineTop, lineStart) => {
      const key = `${i}:${album ? album.id : '…'}:${this.grid ? 'g' : 'l'}`;
      if (this.grid) {
        const box = { top: lineTop, left: (i - lineStart) * this.cellWidth, width: this.cellWidth, height: this.lineHeight };
        wanted.set(key, () => this.draw.cell(album, i, box));
      } else {
        wanted.set(key, () => this.draw.item(album, i, { top: lineTop, height: this.lineHeight }));
      }
    };
    if (this.rows.length) {
      for (let r = this.rowAt(Math.max(0, top - margin)); r < this.rows.length && this.rows[r].top < bottom + margin; r++) {
        const row = this.rows[r];
        if (row.header !== undefined) {
          wanted.set(`h${r}:${row.header}`, () => this.draw.header(row.header, { top: row.top, height: row.height }));
        } else if (row.gap) {
          const lines = row.height / this.lineHeight;
          const from = Math.max(0, Math.floor((top - margin - row.top) / this.lineHeight));
          const to = Math.min(lines - 1, Math.floor((bottom + margin - row.top) / this.lineHeight));
          for (let line = from; line <= to; line++) {
            const start = row.start + line * this.columns;
            const end = Math.min(row.end, start + this.columns);
            for (let i = start; i < end; i++) place(undefined, i, row.top + line * this.lineHeight, start);
            if (firstMissing < 0) firstMissing = start;
            lastMissing = end - 1;
          }
        } else {
          for (let i = row.start; i < row.end; i++) place(this.items[i], i, row.top, row.start);
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
    if (this.draw.missing) this.draw.missing(firstMissing < 0 ? null : { first: firstMissing, last: lastMissing });
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
