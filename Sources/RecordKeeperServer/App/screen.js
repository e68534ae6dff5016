// The frame every screen laid over the main one shares (seed §2's album details and the
// sub-screens): a banner with the way back, the title and an optional button on the right, then
// a scroll body that starts with the screen's error line. Made here once, so the screens look
// and are left alike.
import { el, iconButton } from './dom.js';

/**
 * A banner button: an icon named by `label` (`icon`, `label`), or a word (`text`); `side` is
 * `left` or `right`.
 */
function bannerButton(side, { id, icon, label, text, hidden = false, onClick }) {
  const className = `header-button banner-${side}`;
  const button = icon
    ? iconButton(icon, label, onClick, className)
    : el('button', { class: className, text, props: { type: 'button' }, attrs: { 'aria-label': label }, on: { click: onClick } });
  button.id = id;
  button.hidden = hidden;
  return button;
}

/**
 * The screen `id` (a `<section class="view …">`, hidden until shown), its elements named after
 * `name`: `NAME-back`, `NAME-title`, `NAME-scroll`, `NAME-error`.
 * - `title`, `className` (besides `view`), `scrollClass` (the body's class; null for a screen
 *   whose body is panes that scroll on their own, laid in the section itself);
 * - `onBack`: what the back button does, and Escape unless `onEscape` says otherwise (null: nothing);
 * - `back`: the left button (`{ id, icon, label, text }`), the arrow `NAME-back` unless given;
 * - `right`: an optional right-hand button (`{ id, icon, label, text, hidden, onClick }`);
 * - `error`: false for a screen without an error line (or with one of its own further down);
 * - `content`: the body after the error line; a screen written in index.html keeps its body
 *   there instead, as the children of its `<section id>`, which becomes the frame.
 * Returns the parts: `{ view, back, right, title, scroll, error }` (`right`, `scroll`, `error`
 * may be null).
 */
export function screenFrame({
  id, name, title, className, scrollClass = 'lists-scroll', onBack, onEscape = onBack,
  back = null, right = null, error = true, content = [],
}) {
  const mount = document.getElementById(id);
  const body = mount ? [...mount.children] : content;
  const view = mount || el('section');
  view.className = `view ${className}`;
  view.id = id;
  view.hidden = true;
  view.setAttribute('aria-labelledby', `${name}-title`);
  view.addEventListener('keydown', (event) => { if (event.key === 'Escape' && onEscape) onEscape(); });
  const parts = {
    view,
    back: bannerButton('left', { onClick: onBack, ...(back || { id: `${name}-back`, icon: 'i-back', label: 'Back' }) }),
    right: right && bannerButton('right', right),
    title: el('h1', { class: 'banner-title', text: title, props: { id: `${name}-title` } }),
    error: error ? el('p', { class: 'details-error', props: { id: `${name}-error`, hidden: true }, attrs: { role: 'alert' } }) : null,
  };
  const header = el('header', { class: 'banner' }, [parts.back, parts.title, parts.right]);
  parts.scroll = scrollClass === null ? null : el('div', { class: scrollClass, props: { id: `${name}-scroll` } }, [parts.error, ...body]);
  if (parts.scroll) view.replaceChildren(header, parts.scroll);
  else view.replaceChildren(header, ...[parts.error, ...body].filter(Boolean));
  if (!mount) document.body.append(view);
  return parts;
}
