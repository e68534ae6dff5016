// Settings (docs/app.md, "The app on a phone", seed 003's Appearance): the accent colour, a preference of this clone
// kept by the server in `.recordkeeper/local.yaml` (GET/PUT /api/preferences). It is applied as
// the CSS custom properties --accent and --accent-text, which app.css draws the banner, the add
// button, tags and buttons with. The last one seen is kept in the browser too, so the app starts
// in its colour before the server answers (and offline).
import * as api from './api.js';
import { toast } from './dialogs.js';
import { closed, hideOverlay, showOverlay } from './overlay.js';
import { $, el } from './dom.js';
import { screenFrame } from './screen.js';

const KEY = 'rk.accent';

const getPreferences = () => api.request('GET', '/api/preferences');
const putAccent = (accent) => api.request('PUT', '/api/preferences', { json: { accent } });

const isColour = (text) => typeof text === 'string' && /^#[0-9a-f]{6}$/i.test(text);

/** Draws the app in `choice` ({name, colour, text}) and remembers it in this browser. */
function apply(choice) {
  if (!choice || !isColour(choice.colour)) return;
  const root = document.documentElement;
  root.style.setProperty('--accent', choice.colour);
  root.style.setProperty('--accent-text', isColour(choice.text) ? choice.text : '#ffffff');
  root.dataset.accent = choice.name || '';
  const theme = document.querySelector('meta[name="theme-color"]');
  if (theme) theme.setAttribute('content', choice.colour);
  try { localStorage.setItem(KEY, JSON.stringify(choice)); } catch { /* private mode: not kept here */ }
}

let preferences = null;

/** The server's preferences; the accent they name is applied. */
async function load() {
  const answer = await getPreferences();
  if (!answer || !Array.isArray(answer.accents)) throw new api.ApiError('The server sent no preferences.');
  preferences = answer;
  apply(answer.accents.find((a) => a.name === answer.accent));
  return answer;
}

function render() {
  const group = $('accent-choices');
  group.replaceChildren();
  for (const choice of preferences ? preferences.accents : []) {
    const radio = el('input', { props: { type: 'radio', name: 'accent', value: choice.name, checked: choice.name === preferences.accent } });
    radio.addEventListener('change', () => { if (radio.checked) choose(choice); });
    const swatch = el('span', { class: 'accent-swatch', text: 'Aa', attrs: { 'aria-hidden': 'true' } });
    swatch.style.background = isColour(choice.colour) ? choice.colour : '';
    swatch.style.color = isColour(choice.text) ? choice.text : '';
    group.append(el('label', { class: 'accent-choice' }, [radio, swatch, el('span', { class: 'accent-name', text: choice.label || choice.name })]));
  }
}

async function choose(choice) {
  const previous = preferences.accents.find((a) => a.name === preferences.accent);
  apply(choice); // at once; put back if the server refuses
  try {
    preferences = await putAccent(choice.name);
  } catch (error) {
    apply(previous);
    render();
    toast(error.message);
  }
}

let frame = null;

/** The settings screen, made the first time it is opened. */
function settingsFrame() {
  const close = () => { hide(); closed(); };
  return screenFrame({
    id: 'settings-view', name: 'settings', title: 'Settings', className: 'settings-view', onBack: close,
    content: [el('fieldset', { class: 'accent-group' }, [
      el('legend', { text: 'Accent Colour' }),
      el('p', { class: 'field-help', text: 'For this copy of the collection only; others who share it keep theirs.' }),
      el('div', { class: 'accent-choices', props: { id: 'accent-choices' }, attrs: { role: 'radiogroup', 'aria-label': 'Accent colour' } }),
    ])],
  });
}

/** Opens the settings screen over the main screen. */
export async function openSettings() {
  if (!frame) frame = settingsFrame();
  showOverlay(frame.view, 'settings', hide);
  frame.error.hidden = true;
  try {
    await load();
  } catch (error) {
    frame.error.textContent = error.message;
    frame.error.hidden = false;
  }
  render();
  const checked = document.querySelector('#accent-choices input:checked');
  (checked || frame.back).focus();
}

function hide() {
  hideOverlay(frame.view, $('menu-button'));
}

// At start: the colour last seen here at once, then the server's.
try { apply(JSON.parse(localStorage.getItem(KEY) || 'null')); } catch { /* none kept */ }
load().catch(() => { /* offline or an older server: the colour kept here, or the default */ });
