// The screens laid over the main screen by the + button (scan.js, scan-view.js) each take one
// history entry, so the phone's back button or gesture closes them instead of leaving the app.

let current = null;

/** Marks an overlay open; `onBack` hides it when the collector goes back. */
export function opened(name, onBack) {
  history.pushState({ rkOverlay: name }, '', location.href);
  current = { name, onBack };
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
