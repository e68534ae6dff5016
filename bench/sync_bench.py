"""`rk sync` on the 10k collection shared through a bare repository, against
the git command line doing the same on the same changes.

Made once per generated collection (again when it or the set-up changes),
under --root/sync-10000: a bare repository of the collection, clone `a` with
100 commits of its own (a note added to 100 albums), and 100 other commits
(to 100 other albums) pushed to the bare repository from clone `b`:

- both ways: `rk sync` in `a` (fetch 100, merge, push 101) against
  `git pull --no-rebase && git push`;
- in only: `rk sync --no-push` in a clone with no changes of its own (fetch
  100, fast-forward) against `git pull --ff-only`;
- out only: `rk sync` in `b`-before-its-push (push 100) against `git push`.

Before every timed run the repositories that run uses are put back as they
were made (untimed), so each run starts from the same state, without copying
10,000 albums: see Prepared. Each starts with a fresh index, as a collector's
clone has (a copy of the tree made every file's stat data stale, which made
git and rk hash every album again).
"""
import os
import shutil
import subprocess
import sys
import time


def _bench():
    """bench.py's module: `__main__` when run as `make bench` does (its Skip
    must be the one it catches), else imported."""
    main = sys.modules.get("__main__")
    if hasattr(main, "Suite") and hasattr(main, "git_copy"):
        return main
    import bench
    return bench

CHANGES = 100


def git(args, cwd):
    _bench().git(args, cwd)


def commit_notes(repo, albums, label):
    """One commit per album on `main`, a line appended to its notes, made in
    one `git fast-import` (a `git commit` each took most of the set-up), then
    checked out."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, check=True, capture_output=True, text=True).stdout.strip()
    stream = bytearray()
    for index, album in enumerate(albums):
        with open(os.path.join(repo, album, "album.md"), "rb") as f:
            text = f.read() + f"\nA note from {label}.\n".encode()
        message = f"Note on {album} from {label}\n".encode()
        stream += b"commit refs/heads/main\n"
        stream += f"committer Bench <bench@localhost> {1700000000 + index} +0000\n".encode()
        stream += b"data %d\n%s" % (len(message), message)
        if index == 0:
            stream += f"from {head}\n".encode()
        stream += f"M 100644 inline {album}/album.md\n".encode()
        stream += b"data %d\n%s\n" % (len(text), text)
    subprocess.run(["git", "fast-import", "--quiet"], cwd=repo, input=bytes(stream), check=True)
    git(["reset", "-q", "--hard", "main"], repo)


def identity(repo):
    git(["config", "user.name", "Bench"], repo)
    git(["config", "user.email", "bench@localhost"], repo)
    git(["config", "gc.auto", "0"], repo)


def files_below(folder):
    """Every file below `folder`, as paths relative to it."""
    found = set()
    for base, _, files in os.walk(folder):
        for name in files:
            found.add(os.path.relpath(os.path.join(base, name), folder))
    return found


class Prepared:
    """A repository as it was made, put back after a run changed it.

    A run only adds files under `objects/` (packs and loose objects; one
    is never changed once written, and gc.auto is off), so putting them back
    is removing the files that were not there. Everything else in the git
    folder (refs, index, config, logs, FETCH_HEAD, rk's journal) is a few
    small files, kept in a copy and copied back. A work tree is then checked
    out again with `git reset --hard`, which rewrites only the albums the
    run changed: the index copied back still knows the stat data of the
    others. Removing what a fetch brought matters: a fetch that found the
    objects there already would transfer nothing.
    """

    def __init__(self, path, bare=False):
        self.path = path
        self.bare = bare
        self.git_dir = path if bare else os.path.join(path, ".git")
        self.saved = path.rstrip("/") + ".saved-git"
        with open(self.saved + ".objects", encoding="utf-8") as f:
            self.objects = set(f.read().splitlines())

    @staticmethod
    def save(path, bare=False):
        """Keeps what `path` is now, for Prepared(path) to put back."""
        if not bare:
            git(["update-index", "-q", "--refresh"], path)
        git_dir = path if bare else os.path.join(path, ".git")
        saved = path.rstrip("/") + ".saved-git"
        remove(saved)
        shutil.copytree(git_dir, saved, symlinks=True,
                        ignore=lambda folder, names: ["objects"] if os.path.samefile(folder, git_dir) else [])
        with open(saved + ".objects", "w", encoding="utf-8") as f:
            f.write("".join(name + "\n" for name in sorted(files_below(os.path.join(git_dir, "objects")))))

    def reset(self, index=0):
        objects = os.path.join(self.git_dir, "objects")
        for name in files_below(objects) - self.objects:
            os.remove(os.path.join(objects, name))
        for name in os.listdir(self.git_dir):
            if name != "objects":
                remove(os.path.join(self.git_dir, name))
        for name in os.listdir(self.saved):
            source, target = os.path.join(self.saved, name), os.path.join(self.git_dir, name)
            if os.path.isdir(source) and not os.path.islink(source):
                shutil.copytree(source, target, symlinks=True)
            else:
                shutil.copy2(source, target, follow_symlinks=False)
        if not self.bare:
            git(["reset", "-q", "--hard"], self.path)


def remove(path):
    """Removes a file, a link or a folder with everything in it."""
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.remove(path)


def resetting(*repositories):
    """A prepare function for bench.py: puts back every one of `repositories`."""
    def prepare(index):
        for repository in repositories:
            repository.reset(index)
    return prepare


# What make() builds; a change to it must change this, so that repositories
# kept from an earlier run are made again.
SETUP = f"sync set-up 2, {CHANGES} changes"
REPOSITORIES = {"remote.git": True, "before.git": True, "a": False, "b-unpushed": False, "fresh": False}


# Even albums for a, odd ones for b: no album changed on both sides, so
# git's line merge and rk's merge by field do the same work.
def make(ctx, base):
    """The repositories of the suite, made from the generated collection."""
    source = _bench().git_copy(ctx)
    albums = sorted(os.path.join("albums", name) for name in os.listdir(os.path.join(source, "albums")))
    path = {name: os.path.join(base, name) for name in [*REPOSITORIES, "b"]}
    subprocess.run(["git", "clone", "-q", "--bare", source, path["remote.git"]], check=True)
    remove(source)
    for name in ("a", "b", "fresh"):
        subprocess.run(["git", "clone", "-q", path["remote.git"], path[name]], check=True)
        identity(path[name])
    # The remote as it was before b's push, for b-unpushed to push into.
    subprocess.run(["git", "clone", "-q", "--bare", path["fresh"], path["before.git"]], check=True)
    # b-before-push: b's commits, not yet pushed; b then pushes them.
    commit_notes(path["b"], albums[1::98][:CHANGES], "b")
    subprocess.run(["git", "clone", "-q", path["b"], path["b-unpushed"]], check=True)
    identity(path["b-unpushed"])
    git(["remote", "set-url", "origin", path["before.git"]], path["b-unpushed"])
    git(["fetch", "-q", "origin"], path["b-unpushed"])
    git(["push", "-q", "origin", "main"], path["b"])
    remove(path["b"])
    commit_notes(path["a"], albums[0::90][:CHANGES], "a")
    for name in ("remote.git", "before.git"):
        git(["config", "gc.auto", "0"], path[name])
    for name, bare in REPOSITORIES.items():
        Prepared.save(path[name], bare)


def sync_suite(ctx):
    m = _bench()
    Case, Floor, Skip, Suite = m.Case, m.Floor, m.Skip, m.Suite
    if ctx.size != 10000:
        raise Skip("the sync benchmark runs on the 10k collection only")
    # Made once per generated collection, like bench.git_copy's repository.
    base = os.path.join(ctx.root, f"sync-{ctx.size}")
    with open(os.path.join(ctx.directory, ".bench-stamp"), encoding="utf-8") as f:
        wanted = f.read() + SETUP
    stamp = os.path.join(base, "made")
    made = ""
    if not (os.path.exists(stamp) and open(stamp, encoding="utf-8").read() == wanted):
        remove(base)
        os.makedirs(base)
        start = time.perf_counter()
        make(ctx, base)
        with open(stamp, "w", encoding="utf-8") as f:
            f.write(wanted)
        made = f" (made in {time.perf_counter() - start:.0f} s)"
    repositories = {name: Prepared(os.path.join(base, name), bare) for name, bare in REPOSITORIES.items()}
    remote, before, a, b, clean = (repositories[name] for name in REPOSITORIES)
    both, inward, outward = resetting(a, remote), resetting(clean, remote), resetting(b, before)
    floors = {
        "both": Floor("git pull --no-rebase && git push",
                      f"cd '{a.path}' && git pull -q --no-rebase --no-edit origin main && git push -q origin main",
                      prepare=both),
        "in": Floor("git pull --ff-only", f"cd '{clean.path}' && git pull -q --ff-only origin main", prepare=inward),
        "out": Floor("git push", f"cd '{b.path}' && git push -q origin main", prepare=outward),
    }
    cases = [
        Case(f"rk sync ({CHANGES} changes each way)", [ctx.rk, "-C", a.path, "sync"], floor="both", prepare=both),
        Case(f"rk sync --no-push ({CHANGES} in, fast-forward)", [ctx.rk, "-C", clean.path, "sync", "--no-push"],
             floor="in", prepare=inward),
        Case(f"rk sync ({CHANGES} out)", [ctx.rk, "-C", b.path, "sync"], floor="out", prepare=outward),
    ]
    notes = [f"two clones and two bare remotes under {base}{made}, put back as made before every run (untimed)"]
    # Left as the last run left them: the next run of the suite puts them back first.
    return Suite(floors, cases, notes=notes)
