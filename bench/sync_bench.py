"""`rk sync` on the 10k collection shared through a bare repository, against
the git command line doing the same on the same changes.

Made once per run of the suite, under --root: a bare repository of the
collection, clone `a` with 100 commits of its own (a note added to 100
albums), and 100 other commits (to 100 other albums) pushed to the bare
repository from clone `b`. Before every timed run the three are copied
afresh (untimed), so each run starts from the same state:

- both ways: `rk sync` in `a` (fetch 100, merge, push 101) against
  `git pull --no-rebase && git push`;
- in only: `rk sync --no-push` in a clone with no changes of its own (fetch
  100, fast-forward) against `git pull --ff-only`;
- out only: `rk sync` in `b`-before-its-push (push 100) against `git push`.
"""
import os
import subprocess
import sys


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
    """One commit per album: a line appended to its notes."""
    for album in albums:
        with open(os.path.join(repo, album, "album.md"), "a", encoding="utf-8") as f:
            f.write(f"\nA note from {label}.\n")
        git(["commit", "-q", "-m", f"Note on {album} from {label}", "--", f"{album}/album.md"], repo)


def identity(repo):
    git(["config", "user.name", "Bench"], repo)
    git(["config", "user.email", "bench@localhost"], repo)
    git(["config", "gc.auto", "0"], repo)


# Even albums for a, odd ones for b: no album changed on both sides, so
# git's line merge and rk's merge by field do the same work.
def sync_suite(ctx):
    m = _bench()
    Case, Floor, Skip, Suite, git_copy, remove = m.Case, m.Floor, m.Skip, m.Suite, m.git_copy, m.remove
    if ctx.size != 10000:
        raise Skip("the sync benchmark runs on the 10k collection only")
    base = os.path.join(ctx.root, "sync")
    template = os.path.join(base, "template")
    work = os.path.join(base, "work")
    remove(base)
    os.makedirs(template)
    source = git_copy(ctx)
    albums = sorted(os.path.join("albums", name) for name in os.listdir(os.path.join(source, "albums")))
    bare = os.path.join(template, "remote.git")
    subprocess.run(["git", "clone", "-q", "--bare", source, bare], check=True)
    remove(source)
    for name in ("a", "b", "fresh"):
        subprocess.run(["git", "clone", "-q", bare, os.path.join(template, name)], check=True)
        identity(os.path.join(template, name))
    # b-before-push: b's commits, not yet pushed; b then pushes them.
    commit_notes(os.path.join(template, "b"), albums[1::98][:CHANGES], "b")
    subprocess.run(["cp", "-a", os.path.join(template, "b"), os.path.join(template, "b-unpushed")], check=True)
    git(["push", "-q", "origin", "main"], os.path.join(template, "b"))
    commit_notes(os.path.join(template, "a"), albums[0::90][:CHANGES], "a")
    # The unpushed copy pushes into its own bare copy, so the remote it meets
    # is the one before b's push.
    subprocess.run(["git", "clone", "-q", "--bare", os.path.join(template, "fresh"), os.path.join(template, "before.git")],
                   check=True)
    git(["remote", "set-url", "origin", os.path.join(work, "before.git")], os.path.join(template, "b-unpushed"))
    for name in ("a", "fresh"):
        git(["remote", "set-url", "origin", os.path.join(work, "remote.git")], os.path.join(template, name))

    def fresh_copy(index):
        remove(work)
        subprocess.run(["cp", "-a", template, work], check=True)

    a, b, clean = (os.path.join(work, name) for name in ("a", "b-unpushed", "fresh"))
    floors = {
        "both": Floor("git pull --no-rebase && git push",
                      f"cd '{a}' && git pull -q --no-rebase --no-edit origin main && git push -q origin main",
                      prepare=fresh_copy),
        "in": Floor("git pull --ff-only", f"cd '{clean}' && git pull -q --ff-only origin main", prepare=fresh_copy),
        "out": Floor("git push", f"cd '{b}' && git push -q origin main", prepare=fresh_copy),
    }
    cases = [
        Case(f"rk sync ({CHANGES} changes each way)", [ctx.rk, "-C", a, "sync"], floor="both", prepare=fresh_copy),
        Case(f"rk sync --no-push ({CHANGES} in, fast-forward)", [ctx.rk, "-C", clean, "sync", "--no-push"], floor="in",
             prepare=fresh_copy),
        Case(f"rk sync ({CHANGES} out)", [ctx.rk, "-C", b, "sync"], floor="out", prepare=fresh_copy),
    ]
    notes = [f"two clones and a bare remote under {base}, copied afresh before every run (untimed)"]
    return Suite(floors, cases, cleanup=lambda: remove(base), notes=notes)
