// Albums the server cannot read (docs/app.md, "The JSON API"): a quiet line on the main screen, the list of problems
// (file, line, message) behind it. An open details view has its album's from the server's 422.
import { request } from './api.js';
import { $, el } from './dom.js';

let latest = { problems: [], unreadable: [] };

/** GET /api/problems?of=unreadable: the albums that cannot be read, and why. */
export async function loadProblems() {
  try { latest = await request('GET', '/api/problems?of=unreadable'); } catch { /* offline: keep the last answer */ }
  return latest;
}

/** `file:line` of a problem, the file from the collection's root (`albums/x/album.md`). */
function where(problem) {
  const at = problem.path.lastIndexOf(problem.id + '/');
  const file = at >= 0 ? problem.path.slice(at) : problem.path;
  return `${file}${problem.line ? ':' + problem.line : ''}`;
}


/** The line "N albums can't be read" and its list; `refresh()` after every change. */
export class ProblemsLine {
  constructor() {
    this.line = $('problems-line');
    this.dialog = $('problems-dialog');
    $('problems-button').addEventListener('click', () => this.open());
    $('problems-close').addEventListener('click', () => this.dialog.close());
  }

  async refresh() {
    const found = await loadProblems();
    const count = found.unreadable.length;
    this.line.hidden = count === 0;
    $('problems-button').textContent = count === 1 ? "1 album can't be read" : `${count} albums can't be read`;
    if (this.dialog.open) this.fill();
  }

  fill() {
    const list = $('problems-list');
    list.replaceChildren();
    for (const problem of latest.problems.filter((p) => latest.unreadable.includes(p.id))) {
      list.append(el('li', {}, [
        el('span', { class: 'problem-where', text: where(problem) }),
        el('span', { class: 'problem-message', text: problem.message }),
      ]));
    }
  }

  open() {
    this.fill();
    this.dialog.showModal();
  }
}
