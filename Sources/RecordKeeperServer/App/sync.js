// Sharing in the app (docs/app.md, "Sharing in the app"): the quiet line under the search panel that says what the
// remote has ("2 changes from origin") with its Sync button, and the conflicts screen where
// each field changed both ways is settled. Every text is set as text, never as markup.
import * as api from './api.js';
import { EMPTY } from './album-draft.js';
import { toast } from './dialogs.js';
import { $, el } from './dom.js';
import { labelOf, loadSchema } from './schema.js';
import { screenFrame } from './screen.js';

const CONFLICTS_HASH = '#/conflicts';
/** A fetch when the app comes back into view, at most this often (the server fetches every few minutes too). */
const FETCH_ON_SHOW_MS = 60_000;

const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What the screen calls the whole album, which is no field. */
const WHOLE_ALBUM = { album: 'The Album', 'album.md': 'The Whole Album File' };

/** The name of a conflict's field: the catalogue's label, as the details view calls it. */
export function conflictLabel(schema, field) {
  return WHOLE_ALBUM[field] || labelOf(schema, field);
}

/** Fields that take a value of one's own; the server checks it as every save is checked. */
const NOT_SETTABLE = new Set(['tracks', 'notes', 'cover', 'album', 'album.md', 'tags']);

/** How a value of one side is shown: the album's words, or what the side did. */
function shownValue(conflict, side) {
  const value = conflict[side];
  if (conflict.field === 'album') return value == null ? 'Deleted the album' : 'Kept the album and changed it';
  if (conflict.field === 'cover') return value == null ? 'No cover' : (side === 'ours' ? 'Your cover' : 'Their cover, kept beside yours as ' + value);
  return value == null || value === '' ? EMPTY : value;
}

/** The line under the search panel, and the conflicts screen it leads to. */
export class SyncPanel {
  constructor() {
    this.status = null;
    this.syncing = false;
    this.lastFetch = 0;
    this.pushedHash = false;
    this.mergeCommit = null; // made by the last choice on the screen, still said when the list is loaded again
    this.schema = null; // the field catalogue, for the fields' labels
    $('sync-button').addEventListener('click', () => this.sync());
    $('sync-review').addEventListener('click', () => this.openConflicts());
    const frame = screenFrame({
      id: 'conflicts-view', name: 'conflicts', title: 'Conflicts', className: 'conflicts', scrollClass: 'conflicts-scroll',
      onBack: () => this.closeConflicts(),
      content: [
        el('div', { props: { id: 'conflicts-list' } }),
        el('p', { class: 'conflicts-done', props: { id: 'conflicts-done', hidden: true }, attrs: { role: 'status' } }),
        el('button', { class: 'text-button conflicts-sync', text: 'Sync', props: { type: 'button', id: 'conflicts-sync', hidden: true }, on: { click: () => this.sync() } }),
      ],
    });
    frame.scroll.prepend(el('p', { class: 'conflicts-intro', props: { id: 'conflicts-intro' } })); // above the error line
    window.addEventListener('popstate', () => this.followHash());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && Date.now() - this.lastFetch > FETCH_ON_SHOW_MS) this.fetch();
    });
  }

  /** Shows what the last fetch found, then asks the server to fetch now. */
  async start() {
    await this.refresh();
    this.followHash();
    this.fetch();
  }

  /** Asks the server where the collection stands (the `sync` event says when it may have changed). */
  async refresh() {
    try {
      this.show(await api.getSync());
    } catch {
      this.show(null); // offline, or an older server: nothing to say
    }
    if (!$('conflicts-view').hidden) this.loadConflicts();
  }

  async fetch() {
    this.lastFetch = Date.now();
    try { this.show(await api.fetchRemote()); } catch { /* the line keeps what it had */ }
  }

  /** Fills the line: conflicts first, then changes either way, then a failed fetch; hidden when in step. */
  show(status) {
    this.status = status;
    const line = $('sync-line');
    const text = $('sync-text');
    const button = $('sync-button');
    const review = $('sync-review');
    if (!status || !status.remote) { line.hidden = true; return; }
    const remote = status.remote;
    button.hidden = false;
    review.hidden = true;
    line.classList.remove('sync-problem');
    if (status.conflicts > 0) {
      text.textContent = `${plural(status.conflicts, 'conflict')} from ${remote} to settle`;
      button.hidden = true;
      review.hidden = false;
      line.classList.add('sync-problem');
    } else if (status.incoming > 0) {
      text.textContent = `${plural(status.incoming, 'change')} from ${remote}` + (status.outgoing > 0 ? `, ${status.outgoing} to send` : '');
    } else if (status.outgoing > 0) {
      text.textContent = `${plural(status.outgoing, 'change')} to send to ${remote}`;
    } else if (status.error) {
      text.textContent = status.error;
      line.classList.add('sync-problem');
    } else {
      line.hidden = true;
      return;
    }
    text.title = text.textContent;
    line.hidden = false;
    this.showBusy();
  }

  showBusy() {
    for (const button of [$('sync-button'), $('conflicts-sync')]) {
      button.disabled = this.syncing || api.connection.offline;
      button.textContent = this.syncing ? 'Syncing…' : 'Sync';
      button.setAttribute('aria-busy', String(this.syncing));
    }
  }

  /** Fetches, merges and sends (as `rk sync`); says what happened in a toast. */
  async sync() {
    if (this.syncing) return;
    this.syncing = true;
    this.showBusy();
    try {
      const outcome = await api.runSync();
      const remote = outcome.remote;
      if (outcome.result === 'conflicts') {
        toast(`${plural(outcome.conflicts.length, 'field')} changed both ways: keep yours or take theirs, then sync again.`);
        this.syncing = false;
        await this.refresh();
        this.openConflicts();
        return;
      }
      const parts = [];
      if (outcome.received > 0) parts.push(`brought in ${plural(outcome.received, 'change')} from ${remote}`);
      if (outcome.sent > 0) parts.push(`sent ${plural(outcome.sent, 'change')}`);
      toast(parts.length ? parts.join(' and ').replace(/^./, (c) => c.toUpperCase()) + '.' : `In step with ${remote}: nothing to bring in or send.`);
    } catch (error) {
      toast(error.message);
      $('sync-text').textContent = error.message;
      $('sync-line').classList.add('sync-problem');
    } finally {
      this.syncing = false;
      this.showBusy();
    }
    await this.refresh();
  }

  // MARK: The conflicts screen

  openConflicts() {
    if (location.hash !== CONFLICTS_HASH) {
      history.pushState(null, '', CONFLICTS_HASH);
      this.pushedHash = true;
    }
    this.followHash();
  }

  closeConflicts() {
    if (this.pushedHash) { this.pushedHash = false; history.back(); return; }
    history.replaceState(null, '', '#/');
    this.followHash();
  }

  /** Shows the conflicts screen exactly while the address says so. */
  followHash() {
    const open = location.hash === CONFLICTS_HASH;
    const view = $('conflicts-view');
    if (open === !view.hidden) return;
    view.hidden = !open;
    $('main-view').inert = open;
    if (!open) this.mergeCommit = null;
    if (open) {
      $('conflicts-done').hidden = true;
      $('conflicts-sync').hidden = true;
      this.loadConflicts();
    }
  }

  async loadConflicts() {
    try {
      if (!this.schema) this.schema = await loadSchema().catch(() => null); // without it, fields by their names
      this.render(await api.getConflicts(), null);
    } catch (error) {
      this.showError(error.message);
    }
  }

  showError(message) {
    const element = $('conflicts-error');
    element.textContent = message;
    element.hidden = !message;
  }

  /** One section per album, one block per field with both sides and their buttons. */
  render(conflicts, madeNow) {
    if (madeNow) this.mergeCommit = madeNow;
    const commit = conflicts.length === 0 ? this.mergeCommit : null;
    const list = $('conflicts-list');
    list.replaceChildren();
    const albums = new Map();
    for (const conflict of conflicts) {
      if (!albums.has(conflict.album)) albums.set(conflict.album, []);
      albums.get(conflict.album).push(conflict);
    }
    for (const [id, fields] of albums) {
      list.append(el('section', { class: 'conflict-album' }, [
        el('h2', { text: fields[0].title || id }),
        el('p', { class: 'conflict-id', text: id }),
        ...fields.map((conflict) => this.fieldBlock(conflict)),
      ]));
    }
    const done = $('conflicts-done');
    if (conflicts.length === 0) {
      done.textContent = commit
        ? `All settled: the merge commit ${commit.slice(0, 7)} was made. Sync sends it to ${this.status && this.status.remote ? this.status.remote : 'the remote'}.`
        : 'No conflicts are left to settle.';
      done.hidden = false;
      $('conflicts-sync').hidden = !commit;
      this.showBusy();
    } else {
      $('conflicts-intro').textContent = `${plural(conflicts.length, 'field')} changed both here and on the other side. Your value is in the album until you choose.`;
    }
    $('conflicts-intro').hidden = conflicts.length === 0;
  }

  fieldBlock(conflict) {
    const block = el('div', { class: 'conflict-field' });
    const name = conflictLabel(this.schema, conflict.field);
    const sides = el('div', { class: 'conflict-sides' });
    for (const [side, label, action] of [['ours', 'Mine', 'Keep mine'], ['theirs', 'Theirs', 'Take theirs']]) {
      const take = () => this.settle({ album: conflict.album, take: side, field: conflict.field }, block);
      sides.append(el('div', { class: 'conflict-side conflict-' + side }, [
        el('span', { class: 'conflict-label', text: label }),
        el('p', { class: 'conflict-value', text: shownValue(conflict, side) }),
        el('button', { class: 'conflict-button', text: action, props: { type: 'button' }, on: { click: take } }),
      ]));
    }
    block.append(el('h3', { text: name }), sides);
    if (!NOT_SETTABLE.has(conflict.field) && !conflict.field.includes('.')) {
      const input = el('input', { props: { type: 'text', value: conflict.ours ?? '' }, attrs: { 'aria-label': `${name}: a value of your own` } });
      const use = (event) => {
        event.preventDefault();
        this.settle({ album: conflict.album, set: { [conflict.field]: input.value } }, block);
      };
      block.append(el('form', { class: 'conflict-edit', on: { submit: use } }, [
        input, el('button', { class: 'text-button', text: 'Use This', props: { type: 'submit' } })]));
    }
    return block;
  }

  /** Sends one choice; the screen then shows what is left, or that the merge commit was made. */
  async settle(body, block) {
    for (const button of block.querySelectorAll('button')) button.disabled = true;
    try {
      const result = await api.resolveConflict(body);
      this.showError('');
      this.render(result.remaining, result.commit);
    } catch (error) {
      this.showError(error.message);
      for (const button of block.querySelectorAll('button')) button.disabled = false;
    }
  }
}
