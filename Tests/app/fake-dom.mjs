// A tiny stand-in for the browser's document, enough for the app's modules that make
// elements and listen to them (dom.js, swipe.js, screen.js): no layout, no markup parser.

export class FakeEvent {
  constructor(type, fields = {}) {
    Object.assign(this, { button: 0, pointerId: 1, clientX: 0, clientY: 0 }, fields);
    this.type = type;
    this.defaultPrevented = false;
    this.stopped = false;
  }

  preventDefault() { this.defaultPrevented = true; }

  stopImmediatePropagation() { this.stopped = true; }
}

export class FakeElement {
  constructor(tag, namespace = null) {
    this.tagName = tag.toUpperCase();
    this.namespaceURI = namespace;
    this.attributes = new Map();
    this.children = [];
    this.listeners = [];
    this.className = '';
    this.ownText = '';
    this.captured = null;
    this.style = {};
  }

  get textContent() { return this.ownText + this.children.map((c) => c.textContent).join(''); }

  set textContent(text) { this.ownText = text; this.children = []; }

  setAttribute(name, value) { this.attributes.set(name, String(value)); }

  getAttribute(name) { return this.attributes.has(name) ? this.attributes.get(name) : null; }

  append(...nodes) {
    for (const node of nodes) this.children.push(typeof node === 'string' ? { textContent: node, text: true } : node);
  }

  prepend(...nodes) {
    const old = this.children;
    this.children = [];
    this.append(...nodes);
    this.children.push(...old);
  }

  replaceChildren(...nodes) {
    this.children = [];
    this.append(...nodes);
  }

  /** The elements under this one with a class, in document order: `.name` selectors only. */
  querySelectorAll(selector) {
    const name = selector.replace(/^\./, '');
    const found = [];
    const visit = (node) => {
      for (const child of node.children || []) {
        if (String(child.className || '').split(' ').includes(name)) found.push(child);
        visit(child);
      }
    };
    visit(this);
    return found;
  }

  addEventListener(type, listener) { this.listeners.push({ type, listener }); }

  removeEventListener(type, listener) {
    this.listeners = this.listeners.filter((l) => l.type !== type || l.listener !== listener);
  }

  /** Runs the listeners of `event.type` in the order they were added, as the browser does. */
  dispatch(event) {
    for (const { type, listener } of this.listeners) {
      if (event.stopped) break;
      if (type === event.type) listener(event);
    }
    return event;
  }

  setPointerCapture(id) { this.captured = id; }

  setCustomValidity(message) { this.validationMessage = message; }

  /** Whether the field is valid; the browser would show its message. */
  reportValidity() { return !this.validationMessage; }

  focus() { globalThis.document.activeElement = this; }

  showModal() { this.open = true; }

  /** Closes a dialog with `value`, as its form's buttons do, and says so to its listeners. */
  close(value) {
    this.open = false;
    if (value !== undefined) this.returnValue = value;
    this.dispatch(new FakeEvent('close'));
  }
}

/** The element `id` within `root`'s tree, or null. */
function findById(root, id) {
  if (root.id === id) return root;
  for (const child of root.children || []) {
    const found = findById(child, id);
    if (found) return found;
  }
  return null;
}

/** Installs the fake as the global `document` (with a `body`); returns it. */
export function installDocument() {
  const document = {
    body: new FakeElement('body'),
    createElement: (tag) => new FakeElement(tag),
    createElementNS: (namespace, tag) => new FakeElement(tag, namespace),
    getElementById: (id) => findById(document.body, id),
  };
  globalThis.document = document;
  return document;
}
