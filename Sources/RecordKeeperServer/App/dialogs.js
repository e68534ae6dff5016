// The two dialogs of the seed, centred over the view: Confirm / "Are you sure?" (§3.7)
// and Add Tag (§2.2.2.6), and a short message for errors.

function ask(dialog, focus) {
  return new Promise((resolve) => {
    dialog.returnValue = '';
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok'), { once: true });
    dialog.showModal();
    if (focus) focus.focus();
  });
}

/** Resolves true when the collector chose OK. */
export function confirmDelete() {
  const dialog = document.getElementById('confirm-dialog');
  return ask(dialog, document.getElementById('confirm-ok'));
}

/** Resolves with the tag typed (trimmed), or null after Cancel or an empty field. */
export async function askTag() {
  const dialog = document.getElementById('tag-dialog');
  const input = document.getElementById('tag-input');
  input.value = '';
  // Return in the field means OK (the form's first button is Cancel).
  const enter = (event) => { if (event.key === 'Enter') { event.preventDefault(); dialog.close('ok'); } };
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
