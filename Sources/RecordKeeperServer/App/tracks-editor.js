// The details view's track listing (seed §2.2.2.4, §3.9), by side as `rk show` lists it
// (docs/commands.md, "Sides and durations"): shown in view mode; in edit and add mode each track is moved, renamed or
// deleted, sides are added and removed, and a new track is typed under the list.
import * as api from './api.js';
import { CHECK_MS } from './album-fields.js';
import { lengthText, moveTarget, nextSideName, positions } from './album-draft.js';
import { $, el, iconButton } from './dom.js';
import { starButton } from './favourites-view.js';
import { sentence, splitTrack } from './schema.js';

export class TracksEditor {
  /** `view` is the details view: its `draft` holds the tracks, its `editing` says the mode. */
  constructor(view) {
    this.view = view;
    this.editingIndex = -1; // the track being renamed, -1 for none
    this.checkTimer = 0;
    this.checks = 0;
    $('track-add-button').addEventListener('click', () => this.appendTrack());
    $('track-new').addEventListener('input', () => this.renderTrackAdd());
    $('side-add').addEventListener('click', () => this.addSide());
    $('track-new').addEventListener('keydown', (event) => { if (event.key === 'Enter') { event.preventDefault(); this.appendTrack(); } });
    // What is wrong with the typed track (a length that is not one, too long), under it.
    const problem = el('span', { class: 'field-problem', props: { id: 'track-new-problem' }, attrs: { 'aria-live': 'polite' } });
    $('track-add').after(problem);
    $('track-new').setAttribute('aria-describedby', problem.id);
  }

  get draft() { return this.view.draft; }

  get editing() { return this.view.editing; }

  render() {
    const list = $('track-list');
    list.replaceChildren();
    const draft = this.draft;
    const numbers = positions(draft);
    const last = draft.sides.length;
    // View mode shows the album's sides; edit mode also an added side that has no track yet.
    for (let side = 0; side <= last; side += 1) {
      const indexes = [];
      draft.tracks.forEach((t, i) => { if (t.side === side) indexes.push(i); });
      if (side > 0 && (indexes.length || this.editing)) list.append(this.sideHeading(side, indexes.length === 0));
      for (const index of indexes) list.append(this.trackItem(draft.tracks[index], index, numbers[index]));
    }
    const adding = this.editing && this.editingIndex < 0;
    $('track-add').hidden = !adding;
    $('side-add').hidden = !adding;
    $('track-new-problem').hidden = !adding;
    $('side-add').textContent = draft.sides.length ? `Add ${nextSideName(draft.sides)}` : 'Add Sides';
    this.renderTrackAdd();
  }

  sideHeading(side, empty) {
    const name = this.draft.sides[side - 1];
    const li = el('li', { class: 'side', attrs: { role: 'presentation' } }, [el('span', { class: 'side-name', text: name })]);
    if (empty && this.editing) {
      li.append(el('span', { class: 'side-hint', text: 'No tracks yet: move one here with the arrows, or add one below.' }));
      if (this.editingIndex < 0) li.append(iconButton('i-trash', `Remove ${name}`, () => this.removeSide(side), 'icon-button side-remove'));
    }
    return li;
  }

  trackItem(track, index, number) {
    const li = el('li', { class: 'track' }, [el('span', { class: 'track-number', text: `${number}.` })]);
    if (this.editing && this.editingIndex === index) {
      const problem = el('span', { class: 'field-problem', props: { id: `track-problem-${index}` } });
      const input = el('input', { props: { type: 'text', value: track.text }, attrs: { 'aria-label': `Track ${index + 1} name`, 'aria-describedby': problem.id } });
      const done = async () => {
        const name = input.value.trim();
        const found = name ? await this.trackProblem(name, index) : '';
        if (this.editingIndex !== index) return;
        if (found) { problem.textContent = found; input.setAttribute('aria-invalid', 'true'); input.focus(); return; }
        if (name) this.draft.tracks[index].text = name;
        this.editingIndex = -1;
        this.changed();
      };
      input.addEventListener('keydown', (event) => { if (event.key === 'Enter') { event.preventDefault(); done(); } });
      li.append(input, el('span', { class: 'track-icons' }, [iconButton('i-check', `Done editing track ${index + 1}`, done)]), problem);
      requestAnimationFrame(() => input.focus());
      return li;
    }
    // Name and length as the library splits them: `(4:75)` stays part of the name.
    const split = splitTrack(track.text);
    li.append(el('span', { class: 'track-name', text: split.name }, [
      split.seconds !== null && el('span', { class: 'track-duration', text: lengthText(split.seconds) }),
    ]));
    // The favourite star, saved at once (favourites-view.js); tracks are in the album's order here.
    if (!this.editing && this.view.album) {
      const saved = (album) => { this.view.show(album); this.view.router.albumChanged(album); };
      li.append(starButton(this.view.starredAlbum(), index + 1, saved, (favourite) => this.view.keepStar(index + 1, favourite)));
    }
    if (this.editing && this.editingIndex < 0) {
      const n = index + 1;
      const rename = () => { this.editingIndex = index; this.render(); this.view.updateConfirm(); };
      const remove = () => { this.draft.tracks.splice(index, 1); this.changed(); };
      const icons = el('span', { class: 'track-icons' }, [
        iconButton('i-up', `Move track ${n} up`, () => this.moveTrack(index, -1)),
        iconButton('i-down', `Move track ${n} down`, () => this.moveTrack(index, 1)),
        iconButton('i-edit', `Edit track ${n}`, rename),
        iconButton('i-trash', `Delete track ${n}`, remove),
      ]);
      if (moveTarget(this.draft, index, -1) === null) icons.children[0].setAttribute('aria-disabled', 'true');
      if (moveTarget(this.draft, index, 1) === null) icons.children[1].setAttribute('aria-disabled', 'true');
      li.append(icons);
    }
    return li;
  }

  /** The tracks changed: drawn again, and the form asks the library again (a refused track may be fixed). */
  changed() {
    this.render();
    this.view.fields.validate();
  }

  moveTrack(index, by) {
    const target = moveTarget(this.draft, index, by);
    if (!target) return;
    const tracks = this.draft.tracks;
    let now = index;
    if (target.swap !== undefined) {
      [tracks[index], tracks[target.swap]] = [tracks[target.swap], tracks[index]];
      now = target.swap;
    } else {
      tracks[index].side = target.side; // same place in the list, under the next heading
    }
    this.changed();
    const label = by < 0 ? `Move track ${now + 1} up` : `Move track ${now + 1} down`;
    const button = $('track-list').querySelector(`[aria-label="${label}"]`);
    if (button) button.focus();
  }

  /** A new side at the end; the first turns the tracks so far into Side A. */
  addSide() {
    const draft = this.draft;
    if (!draft.sides.length && draft.tracks.length) {
      draft.sides.push('Side A');
      for (const t of draft.tracks) t.side = 1;
    }
    draft.sides.push(nextSideName(draft.sides));
    this.render();
  }

  /** Removes a side that has no track; the sides after it move up. */
  removeSide(side) {
    const draft = this.draft;
    if (draft.tracks.some((t) => t.side === side)) return;
    draft.sides.splice(side - 1, 1);
    for (const t of draft.tracks) if (t.side > side) t.side -= 1;
    this.render();
  }

  /**
   * What the library says of track `index` named `text` (POST /api/check), as a sentence; ''
   * when nothing, or offline (the save is judged when it is sent).
   */
  async trackProblem(text, index) {
    let answer;
    try { answer = await api.checkAlbum({ track_list: [{ name: text, side: null }] }); } catch { return ''; }
    const found = answer.problems.find((p) => p.field === 'tracks');
    return found ? sentence('', `track ${index + 1} ${found.message}`) : '';
  }

  /** The typed track's state at once; the library's word on it once typing stops. */
  renderTrackAdd() {
    const text = $('track-new').value.trim();
    $('track-add-button').disabled = !text;
    $('track-new').setAttribute('aria-label', `Track ${this.draft.tracks.length + 1} name`);
    this.showTrackProblem('');
    clearTimeout(this.checkTimer);
    const asked = ++this.checks;
    if (text) {
      this.checkTimer = setTimeout(async () => {
        const found = await this.trackProblem(text, this.draft.tracks.length);
        if (asked === this.checks) this.showTrackProblem(found);
      }, CHECK_MS);
    }
  }

  showTrackProblem(found) {
    if (found) $('track-add-button').disabled = true;
    $('track-new').setAttribute('aria-invalid', String(Boolean(found)));
    $('track-new-problem').textContent = found;
  }

  /** Appends the typed track to the last side (§3.9: only a valid name). */
  async appendTrack() {
    const input = $('track-new');
    const text = input.value.trim();
    if (!text) return;
    const found = await this.trackProblem(text, this.draft.tracks.length);
    if (found || input.value.trim() !== text) { if (found) this.showTrackProblem(found); return; }
    this.draft.tracks.push({ text, side: this.draft.sides.length });
    input.value = '';
    this.changed();
    input.focus();
  }
}
