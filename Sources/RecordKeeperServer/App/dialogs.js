// The two dialogs of the seed, centred over the view: Confirm / "Are you sure?" (§3.7)
// and Add Tag (§2.2.2.6), and a short message for errors.
import { el } from './dom.js';

/**
 * The dialog `NAME-dialog`, made the first time it is asked for: its title (`NAME-title`), what
 * `body()` makes, then Cancel and OK (`NAME-ok`), which close it with their value.
 */
export function dialogNamed(name, title, body) {
  const made = document.getElementById(`${name}-dialog`);
  if (made) return made;
  const dialog = el('dialog', { class: 'dialog', props: { id: `${name}-dialog` }, attrs: { 'aria-labelledby': `${name}-title` } }, [
    el('form', { attrs: { method: 'dialog' } }, [
      el('h2', { text: title, props: { id: `${name}-title` } }),
      ...body(),
      el('div', { class: 'dialog-buttons' }, [
        el('button', { class: 'text-button', text: 'Cancel', props: { value: 'cancel', formNoValidate: true } }),
        el('button', { class: 'text-button', text: 'OK', props: { value: 'ok', id: `${name}-ok` } }),
      ]),
    ]),
  ]);
  document.body.append(dialog);
  return dialog;
}

/** Shows `dialog` (made by dialogNamed), focus on `focus`; resolves true when the collector chose OK. */
export function ask(dialog, focus) {
  return new Promise((resolve) => {
    dialog.returnValue = '';
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok'), { once: true });
    dialog.showModal();
    if (focus) focus.focus();
  });
}

/** Resolves true when the collector chose OK. */
export function confirmDelete() {
  const dialog = dialogNamed('confirm', 'Confirm', () => [el('p', { text: 'Are you sure?' })]);
  return ask(dialog, document.getElementById('confirm-ok'));
}

/**
 * Resolves with the tag typed (trimmed), or null after Cancel or an empty field. The library
 * judges it: the server refuses a tag it would not take, saying why (no maxLength here: it
 * counts UTF-16 units, the library counts characters).
 */
export async function askTag() {
  const dialog = dialogNamed('tag', 'Add Tag', () => [el('input', {
    props: { id: 'tag-input', type: 'text', autocapitalize: 'off' },
    attrs: { 'aria-label': 'Tag', enterkeyhint: 'done' },
  })]);
  const input = document.getElementById('tag-input');
  input.value = '';
  // Return in the field means OK (the form's first button is Cancel).
  const enter = (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    dialog.close('ok');
  };
  input.addEventListener('keydown', enter);
  const ok = await ask(dialog, input);
  input.removeEventListener('keydown', enter);
  const tag = input.value.trim();
  return ok && tag ? tag : null;
}

let toastTimer = 0;
/** Shows a message for a few seconds (an error the collector should read). */
export function toast(message) {
  const element = document.getElementById('toast');
  element.textContent = message;
  element.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { element.hidden = true; }, 5000);
}
