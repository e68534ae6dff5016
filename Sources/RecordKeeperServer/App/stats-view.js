// The Stats screen (docs/commands.md, "Plays and statistics", seed 003's statistics), reached from the main screen's Lists
// menu: GET /api/stats (the library's CollectionStats, as `rk stats --json`) drawn as charts made
// here in SVG: bars for formats, decades, years added, tags and labels, and the rating histogram.
import * as api from './api.js';
import { $, el, svgElement } from './dom.js';
import { closed, hideOverlay, showOverlay } from './overlay.js';
import { screenFrame } from './screen.js';

const getStats = () => api.request('GET', '/api/stats');

let screen = null;

/** A chart's drawing, scaled to the screen's width (viewBox), named by `title` and every count. */
function chart(width, height, counts, title) {
  const svg = svgElement('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'stats-chart' });
  svg.append(svgElement('title', {}, `${title}: ` + counts.map((c) => `${c.label} ${c.count}`).join(', ')));
  return svg;
}

/**
 * Vertical bars, one per count, labelled under and numbered above: for ordered things (decades,
 * years, ratings). The drawing scales to the screen's width (viewBox).
 */
export function columnChart(counts, title) {
  const width = 320;
  const height = 160;
  const top = 16;
  const bottom = 22;
  const most = Math.max(1, ...counts.map((c) => c.count));
  const step = width / Math.max(counts.length, 1);
  const bar = Math.max(4, Math.min(40, step * 0.7));
  const svg = chart(width, height, counts, title);
  counts.forEach((c, index) => {
    const h = Math.round((c.count / most) * (height - top - bottom));
    const x = index * step + (step - bar) / 2;
    const y = height - bottom - h;
    svg.append(svgElement('rect', { x, y, width: bar, height: Math.max(h, c.count ? 1 : 0), rx: 2, class: 'stats-bar' }));
    svg.append(
      svgElement('text', { x: x + bar / 2, y: y - 4, 'text-anchor': 'middle', class: 'stats-number' }, c.count),
      svgElement('text', { x: x + bar / 2, y: height - 6, 'text-anchor': 'middle', class: 'stats-label' }, c.label),
    );
  });
  return svg;
}

/** Horizontal bars, one a row with its label: for named things (formats, tags, labels, most played). */
export function barChart(counts, title) {
  const width = 320;
  const row = 22;
  const labelWidth = 120;
  const most = Math.max(1, ...counts.map((c) => c.count));
  const height = row * counts.length + 4;
  const svg = chart(width, height, counts, title);
  counts.forEach((c, index) => {
    const y = index * row + 2;
    const label = c.label.length > 18 ? c.label.slice(0, 17) + '…' : c.label;
    const w = Math.max(1, Math.round((c.count / most) * (width - labelWidth - 36)));
    svg.append(
      svgElement('text', { x: labelWidth - 6, y: y + row / 2 + 4, 'text-anchor': 'end', class: 'stats-label' }, label),
      svgElement('rect', { x: labelWidth, y: y + 3, width: w, height: row - 6, rx: 2, class: 'stats-bar' }),
      svgElement('text', { x: labelWidth + w + 4, y: y + row / 2 + 4, class: 'stats-number' }, c.count),
    );
  });
  return svg;
}

function figure(title, chart) {
  return el('section', { class: 'stats-card' }, [el('h2', { class: 'section-title', text: title }), chart]);
}

function render(stats) {
  const body = $('stats-body');
  body.replaceChildren();
  const total = (value, label) => el('div', { class: 'stats-total' }, [el('strong', { text: value }), el('span', { text: label })]);
  body.append(el('div', { class: 'stats-totals' }, [
    total(stats.owned, 'owned'), total(stats.wanted, 'wanted'),
    total(stats.plays_this_year, 'plays this year'), total(stats.never_played, 'never played'),
  ]));
  if (stats.value && stats.value.length) {
    body.append(el('p', { class: 'stats-value', text: 'Value: ' + stats.value.map((v) => `${v.amount} ${v.currency}`).join(' · ') }));
  }
  if (stats.formats.length) body.append(figure('By Format', barChart(stats.formats, 'Albums by format')));
  if (stats.decades.length) body.append(figure('By Decade', columnChart(stats.decades, 'Albums by decade')));
  if (stats.added_per_year.length) body.append(figure('Added per Year', columnChart(stats.added_per_year, 'Albums added per year')));
  body.append(figure('Ratings', columnChart(stats.ratings, 'Rating histogram')));
  if (stats.most_played.length) {
    const played = stats.most_played.map((p) => ({ label: p.title, count: p.plays }));
    body.append(figure('Most Played', barChart(played, 'Most played albums')));
  }
  if (stats.tags.length) body.append(figure('Top Tags', barChart(stats.tags, 'Top tags')));
  if (stats.labels.length) body.append(figure('Top Labels', barChart(stats.labels, 'Top labels')));
}

function makeScreen() {
  const close = () => { hide(); closed(); };
  return screenFrame({
    id: 'stats-view', name: 'stats', title: 'Stats', className: 'settings-view stats-view', onBack: close,
    content: [el('div', { class: 'stats-body', props: { id: 'stats-body' } })],
  });
}

function hide() { hideOverlay(screen.view, $('menu-button')); }

/** Opens the Stats screen over the main screen. */
export async function openStats() {
  if (!screen) screen = makeScreen();
  const { view, back, error } = screen;
  showOverlay(view, 'stats', hide);
  back.focus();
  error.hidden = true;
  view.setAttribute('aria-busy', 'true');
  try {
    render(await getStats());
  } catch (failure) {
    error.textContent = failure.message;
    error.hidden = false;
  } finally {
    view.setAttribute('aria-busy', 'false');
  }
}
