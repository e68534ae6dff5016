// The search panel's two menus (seed §2.2.1.6, §2.2.1.7), made from the library's catalogue
// (GET /api/schema): the fields a search looks in and the sort modes, each with its label.
import { el } from './dom.js';

const choice = (type, name, value, label, checked) =>
  el('label', {}, [el('input', { props: { type, name, value, checked } }), ` ${label}`]);

/** "Search within:": a box per search field, checked as `scope` says (empty: the library's defaults). */
export function fillScopes(popup, schema, scope) {
  popup.replaceChildren(el('p', { class: 'bubble-title', text: 'Search within:' }),
    ...schema.search_fields.map((f) => choice('checkbox', 'scope', f.name, f.label, scope.length ? scope.includes(f.name) : f.default)));
}

/** "Sort by:": a button per sort mode, "Best match" (`relevance`, offered only while a query is typed) first. */
export function fillSorts(popup, schema) {
  const modes = [...schema.sort_modes].sort((a, b) => (b.name === 'relevance') - (a.name === 'relevance'));
  popup.replaceChildren(el('p', { class: 'bubble-title', text: 'Sort by:' }), ...modes.map((m) => {
    const label = choice('radio', 'sort', m.name, m.label, false);
    if (m.name === 'relevance') Object.assign(label, { id: 'sort-best-match', hidden: true });
    return label;
  }));
}
