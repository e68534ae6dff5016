// A save that met changes made meanwhile (docs/merging.md, "The app's save is the same merge"): each field changed both in the form and
// in the file since the form opened, side by side to choose; the choices go back with the form
// and the version it was opened at, and the server merges them as any save.
import * as api from './api.js';
import { bodyKey, bodyOf, EMPTY, schema, settledBody } from './album-draft.js';
import { $, el } from './dom.js';
import { labelOf } from './schema.js';

/** The keys of the save body that are lists: settled by a side, never by a value typed. */
const LISTS = new Set(['track_list', 'tags']);

export class SaveConflicts {
  /** `view` is the details view: the form's draft, the album as opened, and its save state. */
  constructor(view) {
    this.view = view;
  }

  /** Each field changed here and in the file since the form opened, side by side to choose. */
  show(conflicts) {
    let section = $('save-conflicts');
    if (!section) {
      section = el('section', { class: 'save-conflicts', props: { id: 'save-conflicts' }, attrs: { role: 'alert' } });
      $('details-error').after(section);
    }
    const choices = new Map();
    section.replaceChildren(el('p', {
      class: 'save-conflicts-intro',
      text: conflicts.length === 1
        ? 'This field was also changed elsewhere since you opened the album. Choose which to keep:'
        : 'These fields were also changed elsewhere since you opened the album. Choose which to keep:',
    }));
    const mine = bodyOf(this.view.draft);
    for (const conflict of conflicts) {
      const key = bodyKey(conflict.field);
      const sides = el('div', { class: 'conflict-sides' });
      const side = (which, label, value, choosable) => {
        const box = el('div', { class: `conflict-side conflict-${which}` }, [
          el('span', { class: 'conflict-label', text: label }),
          el('p', { class: 'conflict-value', text: value == null || value === '' ? EMPTY : value }),
        ]);
        if (choosable) {
          const button = el('button', {
            class: 'conflict-button', text: which === 'ours' ? 'Keep yours' : 'Keep this',
            props: { type: 'button' }, attrs: { 'aria-pressed': 'false' },
          });
          button.addEventListener('click', () => {
            choices.set(conflict.field, which);
            for (const other of sides.querySelectorAll('.conflict-button')) other.setAttribute('aria-pressed', String(other === button));
            if (choices.size === conflicts.length) this.saveChoices(choices);
          });
          box.append(button);
        }
        return box;
      };
      // A text both changed that is no field of the form (notes, comments) can only be kept as in the file.
      sides.append(side('ours', 'Yours', conflict.ours, key in mine), side('theirs', 'In the file now', conflict.theirs, true));
      const name = labelOf(schema, conflict.field);
      const block = el('div', { class: 'conflict-field' }, [el('h3', { text: name }), sides]);
      if (key in mine && !LISTS.has(key)) {
        // Or a value of one's own, set over the merge and checked by the server as every save is.
        const input = el('input', { props: { type: 'text', value: conflict.ours ?? '' }, attrs: { 'aria-label': `${name}: a value of your own` } });
        const use = (event) => {
          event.preventDefault();
          choices.set(conflict.field, { value: input.value });
          for (const other of sides.querySelectorAll('.conflict-button')) other.setAttribute('aria-pressed', 'false');
          if (choices.size === conflicts.length) this.saveChoices(choices);
        };
        block.append(el('form', { class: 'conflict-edit', on: { submit: use } }, [
          input, el('button', { class: 'text-button', text: 'Use This', props: { type: 'submit' } })]));
      }
      section.append(block);
    }
    section.hidden = false;
    section.scrollIntoView({ block: 'nearest' });
  }

  hide() {
    const section = $('save-conflicts');
    if (section) section.hidden = true;
  }

  /** Saves the form again from the version it was opened at, with the side chosen for each conflict. */
  async saveChoices(choices) {
    const view = this.view;
    if (view.busy) return;
    view.busy = true;
    view.updateConfirm();
    try {
      view.saved(await api.saveAlbum(view.album.id, settledBody(view.draft, choices), view.opened.version, view.coverFile));
    } catch (error) {
      view.busy = false;
      if (error.status === 409 && error.conflicts) this.show(error.conflicts);
      else { this.hide(); view.showError(error.message, error.field); }
      view.updateConfirm();
    }
  }
}
