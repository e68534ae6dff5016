// The screens laid over the main screen by the + button (scan.js, scan-view.js) each take one
// history entry, so the phone's back button or gesture closes them instead of leaving the app.

let current = null;

/** Marks an overlay open; `onBack` hides it when the collector goes back. */
export function opened(name, onBack) {
  history.pushState({ rkOverlay: name }, '', location.href);
  current = { name, onBack };
}

/**
 * Shows the screen `view` over the main screen, which goes inert, with its history entry
 * (`name`); the back button or gesture runs `onBack`, which hides it with hideOverlay.
 */
export function showOverlay(view, name, onBack) {
  document.getElementById('main-view').inert = true;
  view.hidden = false;
  opened(name, onBack);
}

/** Hides the screen `view` and gives the main screen back, the focus on `focus` (what opened it). */
export function hideOverlay(view, focus) {
  view.hidden = true;
  document.getElementById('main-view').inert = false;
  focus.focus();
}

/** The overlay was closed by its own button: its history entry goes too. */
export function closed() {
  const was = current;
  current = null;
  if (!was || !history.state || history.state.rkOverlay !== was.name) return;
  history.back();
}

window.addEventListener('popstate', () => {
  const was = current;
  if (!was || (history.state && history.state.rkOverlay === was.name)) return;
  current = null;
  was.onBack();
});
