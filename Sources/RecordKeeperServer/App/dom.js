// The one way the app makes its elements: text is always set as text (textContent), never
// as markup, so nothing the collection or a server holds can become HTML.

export const $ = (id) => document.getElementById(id);

/**
 * An element `tag` with its class, text, attributes (`attrs`, set with setAttribute; null and
 * undefined are left out), properties (`props`: type, value, id, href, …), listeners (`on`)
 * and children (elements or strings; null and false are left out).
 */
export function el(tag, { class: className, text, attrs, props, on } = {}, children = []) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined && text !== null) element.textContent = String(text);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value !== undefined && value !== null) element.setAttribute(name, String(value));
  }
  if (props) Object.assign(element, props);
  for (const [type, listener] of Object.entries(on || {})) element.addEventListener(type, listener);
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element `tag` with its attributes and, when given, its text (set as text). */
export function svgElement(tag, attributes = {}, text = null) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== null) element.textContent = String(text);
  return element;
}

/** An icon of the page's sprite (index.html's `<symbol id="i-…">`), hidden from screen readers. */
export function svgIcon(name) {
  const svg = svgElement('svg', { 'aria-hidden': 'true' });
  svg.append(svgElement('use', { href: '#' + name }));
  return svg;
}

/** A button showing only an icon, named for screen readers by `label`. */
export function iconButton(icon, label, action, className = 'icon-button') {
  return el('button', { class: className, props: { type: 'button' }, attrs: { 'aria-label': label }, on: { click: action } }, [svgIcon(icon)]);
}
