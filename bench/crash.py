#!/usr/bin/env python3
"""`make crash`: kill rk with SIGKILL at random moments of its changes and
check that every change is complete or rolled back, never half made.

Each trial runs one changing command (tag add, set, add, rm, cover set, undo,
a query that writes the load cache (`cache`: `rk list --json` after a hand edit, its
answers then compared with those made without the cache),
import discogs of 40 rows (20 updates, 20 adds), tag add right after the loose objects were pushed past rk's packing limit,
so that the kill may land in packing, or `rk sync` with a bare repository on a file path: a fast-forward
(`sync-ff`), a merge of both sides' changes (`sync-merge`), a fetch of a dozen new commits with covers
(`sync-fetch`), a push (`sync-push`) and the recording of hand edits before one (`sync-hand`: afterwards every
line written by hand is in its file and in HEAD); another clone makes the remote's side) on a copy of example-collection, and
kills it after a delay drawn uniformly from zero to a little more than that
command's own running time (measured first), so kills land all along it;
every other round aims instead at the part that changes files: it waits for
rk's journal to appear (for packing, to go) and kills within the time that
part takes.
Right after the kill:

  - `git fsck --strict` is clean;
  - every album.md parses (`rk check` reads them all) — an atomic write leaves
    the old or the new file, never half of one.

In a quarter of the trials the next command is killed too, at a random
moment, while it mends the first. Then the next command (`rk tag add`) must
succeed, finishing or rolling back the interrupted change, and afterwards:

  - `git fsck` is clean and the index equals HEAD (`git diff --cached`);
  - the work tree equals HEAD (`git status --porcelain` is empty): the
    change is in HEAD or nowhere;
  - no `.rk-new-*` / `.rk-removed-*` / `.rk-batch-*` folder, journal or lock
    file is left (nor a ref lock in the bare remote, nor
    `refs/remotes/origin/main.lock`);
  - after a sync trial, one more `rk sync` succeeds and no commit is lost:
    every commit the collection and the other clone had made is on the
    remote's branch and the collection's.

Right after a sync trial's kill, `.git/objects/pack` must hold no `pack_git2_*`
temporary file and no `.lock` (a fetch downloads its pack aside). Elsewhere,
leftover `pack_git2_*` and `rk-cover-*` temporary files are counted and shown
but do not fail a trial (their cleanup is packing's and covers' own: git
ignores `pack_git2_*` files, and the next rk change removes those no process
holds once they have stood 5 s).

Scenarios (SCENARIOS) run among the kinds without a kill, each one function:
`editor` saves an album in place (truncate, then write), a line more each
time, while `rk tag add` changes the same album; every saved line must end
in the file or in the album's history.

Python 3 standard library only. Exit status 1 when any trial failed.
"""
import argparse
import hashlib
import os
import random
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from collections import Counter, defaultdict

SYNC_KINDS = ["sync-ff", "sync-merge", "sync-fetch", "sync-push", "sync-hand"]
KINDS = ["tag", "set", "add", "rm", "cover", "undo", "pack", "import", "cache"] + SYNC_KINDS
# The journal each kind's aimed kills wait for (the merge journal for syncs
# that write files; a push or fetch has none, so it is killed anywhere).
JOURNALS = {"sync-ff": "rk-merge-journal", "sync-merge": "rk-merge-journal", "sync-fetch": None, "sync-push": None,
            "cache": None}
HERE = os.path.dirname(os.path.abspath(__file__))
# Kinds that play a scenario of their own rather than kill one command:
# name -> function(trials) that returns the problems it found (each
# registered below its function); the collection must be settled after.
SCENARIOS = {}


def hermetic_environment(home):
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") and k not in ("RK_COLLECTION", "EDITOR", "VISUAL")}
    os.makedirs(os.path.join(home, ".config"), exist_ok=True)
    open(os.path.join(home, ".gitconfig"), "a").close()
    env.update(HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
               GIT_CONFIG_GLOBAL=os.path.join(home, ".gitconfig"), GIT_CONFIG_NOSYSTEM="1", LC_ALL="C")
    return env


def png(path, width=900, height=600):
    """A small gradient PNG, written with zlib alone."""
    rows = b"".join(b"\x00" + bytes(v for x in range(width) for v in (x * 255 // width, y * 255 // height, (x + y) % 256))
                    for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))


class Trials:
    def __init__(self, args):
        self.rk = os.path.abspath(args.rk)
        self.root = os.path.abspath(args.root)
        self.random = random.Random(args.seed)
        self.verbose = args.verbose
        self.double = not args.no_double
        if os.path.exists(self.root):
            shutil.rmtree(self.root)
        os.makedirs(self.root)
        self.env = hermetic_environment(os.path.join(self.root, "home"))
        self.collection = os.path.join(self.root, "collection")
        self.photo = os.path.join(self.root, "photo.png")
        png(self.photo)
        source = args.collection or os.path.join(os.path.dirname(HERE), "example-collection")
        shutil.copytree(source, self.collection, ignore=shutil.ignore_patterns(".git"))
        self.git("init", "-q", "-b", "main")
        self.git("config", "user.name", "Crash Test")
        self.git("config", "user.email", "crash@example.com")
        self.git("add", "-A")
        self.git("commit", "-q", "-m", "Start")
        # A bare repository on a file path that the collection syncs with,
        # and another clone of it that makes the remote's changes.
        self.remote = os.path.join(self.root, "remote.git")
        self.other = os.path.join(self.root, "other")
        subprocess.run(["git", "clone", "-q", "--bare", self.collection, self.remote], env=self.env, check=True, capture_output=True)
        self.git("remote", "add", "origin", self.remote)
        self.git("fetch", "-q", "origin")
        self.git("branch", "-q", "--set-upstream-to=origin/main", "main")
        subprocess.run(["git", "clone", "-q", self.remote, self.other], env=self.env, check=True, capture_output=True)
        for key, value in [("user.name", "Other Collector"), ("user.email", "other@example.com")]:
            self.git_in(self.other, "config", key, value)
        self.made = set()  # every commit either side made, which must never be lost
        self.counter = 0
        self.durations = {}
        self.windows = {}
        self.results = defaultdict(Counter)
        self.failures = []
        self.leftovers = Counter()

    # Running things

    def git(self, *args, check=True):
        result = subprocess.run(["git", *args], cwd=self.collection, env=self.env, capture_output=True, text=True)
        if check and result.returncode != 0:
            raise RuntimeError(f"git {' '.join(args)} exited {result.returncode}: {result.stderr.strip()}")
        return result

    def git_in(self, folder, *args, check=True):
        result = subprocess.run(["git", *args], cwd=folder, env=self.env, capture_output=True, text=True)
        if check and result.returncode != 0:
            raise RuntimeError(f"git {' '.join(args)} in {folder} exited {result.returncode}: {result.stderr.strip()}")
        return result

    def run_rk(self, argv, where=None):
        return subprocess.run([self.rk, "-C", where or self.collection, *argv], env=self.env, capture_output=True, text=True,
                              stdin=subprocess.DEVNULL)

    def rk_ok(self, argv, where=None):
        result = self.run_rk(argv, where)
        if result.returncode != 0:
            raise RuntimeError(f"rk {' '.join(argv)} failed while setting up: {result.stderr.strip()}")
        return result

    def heads(self, folder):
        return set(self.git_in(folder, "rev-list", "HEAD").stdout.split())

    def remote_change(self, n, commits=1, cover=False):
        """The other clone changes albums the collection does not touch
        (their tags, in the other clone's own half) and pushes."""
        self.rk_ok(["sync"], self.other)
        others = [a for a in self.albums_in(self.other) if a < "m"] or self.albums_in(self.other)
        for i in range(commits):
            album = "albums/" + self.random.choice(others)
            if cover and i % 3 == 0:
                self.rk_ok(["cover", "set", album, self.photo], self.other)
            else:
                self.rk_ok(["tag", "add", album, f"remote-{n}-{i}"], self.other)
        self.rk_ok(["sync"], self.other)
        self.made |= self.heads(self.other)

    def albums_in(self, folder):
        folder = os.path.join(folder, "albums")
        return sorted(name for name in os.listdir(folder)
                      if not name.startswith(".") and os.path.exists(os.path.join(folder, name, "album.md")))

    def local_albums(self):
        """Albums of the collection's own half, so that syncs merge cleanly."""
        return [a for a in self.committed_albums() if a >= "m"] or self.committed_albums()

    def committed_albums(self):
        """The albums HEAD holds: one a killed `add` made may be rolled back."""
        names = self.git("ls-tree", "--name-only", "HEAD", "albums/").stdout.split()
        return sorted(name[len("albums/"):] for name in names)

    def albums(self):
        folder = os.path.join(self.collection, "albums")
        return sorted(name for name in os.listdir(folder)
                      if not name.startswith(".") and os.path.exists(os.path.join(folder, name, "album.md")))

    # The commands

    def command(self, kind):
        """The argv of a `kind` change, after whatever it needs set up."""
        self.counter += 1
        n = self.counter
        albums = self.albums()
        album = "albums/" + self.random.choice(albums)
        if kind == "tag":
            return ["tag", "add", album, f"crash-{n}"]
        if kind == "set":
            return ["set", album, "--released", f"{1950 + n % 70}-0{1 + n % 9}"]
        if kind == "add":
            return ["add", "--title", f"Crash Test {n}", "--artist", "The Killers", "--tag", "crash"]
        if kind == "rm":
            if len(albums) < 12:  # keep the collection from running dry
                self.run_rk(["add", "--title", f"Spare {n}", "--artist", "Spares"])
                albums = self.albums()
                album = "albums/" + self.random.choice(albums)
            return ["rm", "--yes", album]
        if kind == "cover":
            return ["cover", "set", album, self.photo]
        if kind == "undo":
            # Something of rk's own to undo.
            self.run_rk(["tag", "add", album, f"to-undo-{n}"])
            return ["undo"]
        if kind == "pack":
            self.loosen(1100)
            return ["tag", "add", album, f"packed-{n}"]
        if kind == "import":
            return ["import", "discogs", self.discogs_export(n)]
        if kind == "cache":
            # A hand edit (committed, as a person would) or no cache at all,
            # so that the query writes the load cache while it is killed.
            if n % 3 == 0:
                try:
                    os.unlink(os.path.join(self.collection, ".git", "rk-cache"))
                except FileNotFoundError:
                    pass
            else:
                with open(os.path.join(self.collection, album, "album.md"), "a", encoding="utf-8") as f:
                    f.write(f"\nHand note {n}.\n")
                self.git("commit", "-qam", f"Hand edit {n}")
            return ["list", "--json"]
        if kind in SYNC_KINDS:
            # Start in step with the remote, so that each trial does one thing.
            self.rk_ok(["sync"])
            local = "albums/" + self.random.choice(self.local_albums())
            if kind == "sync-ff":
                self.remote_change(n)
            elif kind == "sync-merge":
                self.remote_change(n)
                self.rk_ok(["tag", "add", local, f"local-{n}"])
            elif kind == "sync-fetch":
                self.remote_change(n, commits=12, cover=True)
            elif kind == "sync-hand":
                write_hand_edits(self, n)
            elif kind == "sync-push":
                # A cover makes the push long enough for kills to land in it.
                self.rk_ok(["tag", "add", local, f"local-{n}"])
                self.rk_ok(["cover", "set", local, self.photo])
            self.made |= self.heads(self.collection)
            return ["sync"]
        raise ValueError(kind)

    def discogs_export(self, n):
        """A Discogs export of 40 rows: 20 releases seen in every import (so
        updates, their conditions changing) and 20 new ones (so adds)."""
        path = os.path.join(self.root, "discogs.csv")
        grades = ["Mint (M)", "Very Good (VG)", "Good (G)"]
        with open(path, "w", encoding="utf-8") as f:
            f.write("Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,"
                    "Collection Media Condition,Collection Sleeve Condition,Collection Notes\n")
            for i in range(40):
                release = 900000 + i if i < 20 else 1000000 + n * 100 + i
                f.write(f"C-{i},Crash Artist (2),Crash {release},\"Label, Inc\",\"2xLP, Album\",,1970-00-00,{release},"
                        f"Uncategorized,2020-01-01 00:00:{i:02d},{grades[(n + i) % 3]},,\"Note {n},\nline two\"\n")
        return path

    def loosen(self, count):
        """Writes `count` loose blobs, pushing rk past its packing limit."""
        objects = os.path.join(self.collection, ".git", "objects")
        for _ in range(count):
            data = os.urandom(64)
            raw = b"blob %d\x00" % len(data) + data
            name = hashlib.sha1(raw).hexdigest()
            folder = os.path.join(objects, name[:2])
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, name[2:]), "wb") as f:
                f.write(zlib.compress(raw))

    def start(self, argv):
        return subprocess.Popen([self.rk, "-C", self.collection, *argv], env=self.env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)

    def wait_for_journal(self, process, gone=False, name="rk-journal"):
        """Polls until rk's journal appears (and, with `gone`, is removed
        again), or the process ends; returns the time it did."""
        journal = os.path.join(self.collection, ".git", name)
        seen = False
        while process.poll() is None:
            exists = os.path.exists(journal)
            seen = seen or exists
            if seen and (not gone or not exists):
                break
            time.sleep(0.0003)
        return time.perf_counter()

    def measure(self, kinds):
        """Each kind's running time, and how long its journaled part lasts
        (packing's: from the journal's removal to the end)."""
        for kind in [k for k in kinds if k not in SCENARIOS]:
            whole, part = [], []
            for _ in range(3):
                argv = self.command(kind)
                start = time.perf_counter()
                process = self.start(argv)
                journal = JOURNALS.get(kind, "rk-journal")
                if journal is None:
                    mark = mark2 = start
                else:
                    mark = self.wait_for_journal(process, gone=kind == "pack", name=journal)
                    if kind != "pack":
                        mark2 = self.wait_for_journal(process, gone=True, name=journal)
                _, err = process.communicate()
                end = time.perf_counter()
                if process.returncode != 0:
                    raise RuntimeError(f"rk {' '.join(argv)} failed before any kill: {err.strip()}")
                whole.append(end - start)
                part.append((end - mark) if kind == "pack" else (mark2 - mark) if journal else (end - start))
            self.durations[kind] = sorted(whole)[1]
            self.windows[kind] = max(sorted(part)[1], 0.001)

    # One trial

    def scenario(self, kind):
        """One run of a kind in SCENARIOS, then the usual checks."""
        problems = SCENARIOS[kind](self)
        problems += self.settled()
        self.results[kind]["none"] += 1
        if problems:
            self.results[kind]["FAILED"] += 1
            self.failures.append((kind, [kind], 0, problems))
            self.repair()
        if self.verbose:
            print(f"{kind:6} scenario {'FAILED: ' + '; '.join(problems) if problems else 'ok'}", flush=True)

    def trial(self, kind, aimed):
        """One kill: `aimed` ones land while the change is journaled (for
        packing, after), the others anywhere in the run."""
        if kind in SCENARIOS:
            return self.scenario(kind)
        argv = self.command(kind)
        process = self.start(argv)
        if aimed and JOURNALS.get(kind, "rk-journal"):
            self.wait_for_journal(process, gone=kind == "pack", name=JOURNALS.get(kind, "rk-journal"))
            delay = self.random.uniform(0, self.windows[kind] * 1.2)
        else:
            delay = self.random.uniform(0, self.durations[kind] * 1.15)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.communicate()
        killed = process.returncode == -signal.SIGKILL
        problems = []

        fsck = self.git("fsck", "--strict", "--no-progress", check=False)
        if fsck.returncode != 0:
            problems.append("git fsck after the kill: " + (fsck.stderr or fsck.stdout).strip()[:300])
        if kind in SYNC_KINDS:
            # A fetch writes its pack aside and renames it in once complete.
            pack = os.path.join(self.collection, ".git", "objects", "pack")
            unfinished = [n for n in os.listdir(pack) if n.startswith("pack_git2_") or n.endswith(".lock")] if os.path.isdir(pack) else []
            if unfinished:
                problems.append("objects/pack after the kill holds " + ", ".join(sorted(unfinished)[:3]))
        check = self.run_rk(["check"])
        if check.returncode != 0 and ("album.md" in check.stderr or "YAML" in check.stderr):
            problems.append("an album.md does not parse after the kill: " + check.stderr.strip()[:300])

        if self.double and self.random.random() < 0.25:
            # Kill the command that is mending the interrupted change, too.
            mender = self.start(["tag", "add", "albums/" + self.random.choice(self.committed_albums()), f"mend-{self.counter}"])
            time.sleep(self.random.uniform(0, self.durations.get("tag", 0.05) * 1.15))
            mender.send_signal(signal.SIGKILL)
            mender.communicate()
            self.results[kind]["mender killed too"] += mender.returncode == -signal.SIGKILL
        nxt = self.run_rk(["tag", "add", "albums/" + self.random.choice(self.committed_albums()), f"next-{self.counter}"])
        note = nxt.stderr.strip()
        outcome = "none"
        if "rolled back a change" in note:
            outcome = "rolled back"
        elif "finished a change" in note:
            outcome = "finished"
        elif "left" in note and "interrupted" in note:
            outcome = "left as is"
            problems.append("the next command found the branch moved: " + note)
        if nxt.returncode != 0:
            problems.append(f"the next command failed ({nxt.returncode}): {note[:300]}")

        if kind in SYNC_KINDS:
            problems += self.converged()
        if kind == "cache":
            problems += self.cache_tells_the_truth()
        problems += self.settled()
        self.results[kind]["killed" if killed else "ended before the kill"] += 1
        self.results[kind][outcome] += 1
        if problems:
            self.results[kind]["FAILED"] += 1
            self.failures.append((kind, argv, round(delay * 1000, 1), problems))
            self.repair()
        if self.verbose:
            print(f"{kind:6} {'aimed' if aimed else 'any  '} {delay * 1000:7.1f} ms {'killed' if killed else 'done  '} {outcome:12} "
                  f"{'FAILED: ' + '; '.join(problems) if problems else 'ok'}", flush=True)

    def converged(self):
        """After a sync trial: one more `rk sync` succeeds, and every commit
        either side made is on the collection's branch and the remote's."""
        problems = []
        again = self.run_rk(["sync"])
        if again.returncode != 0:
            problems.append(f"the sync after the kill failed ({again.returncode}): {again.stderr.strip()[:300]}")
            return problems
        local = self.heads(self.collection)
        remote = set(self.git_in(self.remote, "rev-list", "main").stdout.split())
        lost = self.made - local
        if lost:
            problems.append(f"{len(lost)} commit(s) lost from the collection's branch: {sorted(lost)[:3]}")
        unpushed = local - remote
        if unpushed:
            problems.append(f"{len(unpushed)} commit(s) not on the remote after the sync: {sorted(unpushed)[:3]}")
        self.made |= local
        return problems + hand_edits_kept(self)

    def cache_tells_the_truth(self):
        """After a kill while the load cache was written: a query answers as
        the files do (the same as with no cache at all), twice."""
        answers = [self.run_rk(["list", "--json"]).stdout for _ in range(2)]
        try:
            os.unlink(os.path.join(self.collection, ".git", "rk-cache"))
        except FileNotFoundError:
            pass
        truth = self.run_rk(["list", "--json"]).stdout
        return [f"rk list --json differs from the files after a kill while writing the cache (run {index + 1})"
                for index, answer in enumerate(answers) if answer != truth]

    def settled(self):
        problems = []
        fsck = self.git("fsck", "--no-progress", check=False)
        if fsck.returncode != 0:
            problems.append("git fsck: " + (fsck.stderr or fsck.stdout).strip()[:300])
        status = self.git("status", "--porcelain", "--untracked-files=all").stdout.strip()
        if status:
            problems.append("work tree differs from HEAD: " + status.replace("\n", ", ")[:300])
        if self.git("diff", "--cached", "--quiet", check=False).returncode != 0:
            problems.append("index differs from HEAD: " + self.git("diff", "--cached", "--name-only").stdout.strip())
        gitdir = os.path.join(self.collection, ".git")
        for name in ["rk-journal", "rk-merge-journal", "index.lock", "refs/heads/main.lock", "HEAD.lock",
                     "refs/remotes/origin/main.lock"]:
            if os.path.exists(os.path.join(gitdir, name)):
                problems.append(f".git/{name} left behind")
        for name in ["refs/heads/main.lock", "HEAD.lock", "packed-refs.lock"]:
            if os.path.exists(os.path.join(self.remote, name)):
                problems.append(f"the bare remote's {name} left behind")
        fsck = self.git_in(self.remote, "fsck", "--no-progress", check=False)
        if fsck.returncode != 0:
            problems.append("git fsck in the bare remote: " + (fsck.stderr or fsck.stdout).strip()[:300])
        for folder, dirs, _ in os.walk(os.path.join(self.collection, "albums")):
            for name in dirs:
                if name.startswith(".rk-new-") or name.startswith(".rk-removed-") or name.startswith(".rk-batch-"):
                    problems.append(f"{os.path.relpath(os.path.join(folder, name), self.collection)} left behind")
        check = self.run_rk(["check"])
        if check.returncode != 0 and ("album.md" in check.stderr or "YAML" in check.stderr):
            problems.append("an album.md does not parse: " + check.stderr.strip()[:300])
        pack = os.path.join(gitdir, "objects", "pack")
        self.leftovers["pack_git2_*"] = sum(1 for n in os.listdir(pack) if n.startswith("pack_git2_")) if os.path.isdir(pack) else 0
        self.leftovers["rk-cover-*"] = sum(1 for n in os.listdir(tempfile.gettempdir()) if n.startswith("rk-cover-"))
        self.leftovers[".git/rk-cache.*.tmp"] = sum(1 for n in os.listdir(gitdir) if n.startswith("rk-cache.") and n.endswith(".tmp"))
        return problems

    def repair(self):
        """Puts the collection right after a failed trial, so later ones count."""
        gitdir = os.path.join(self.collection, ".git")
        for name in ["rk-journal", "rk-merge-journal", "index.lock", "refs/heads/main.lock", "HEAD.lock",
                     "refs/remotes/origin/main.lock"]:
            try:
                os.unlink(os.path.join(gitdir, name))
            except FileNotFoundError:
                pass
        for name in ["refs/heads/main.lock", "HEAD.lock", "packed-refs.lock"]:
            try:
                os.unlink(os.path.join(self.remote, name))
            except FileNotFoundError:
                pass
        self.git("merge", "--abort", check=False)
        self.git("reset", "-q", "--hard", check=False)
        self.git("clean", "-qfdx", "albums", check=False)
        # Back in step with the remote, every commit kept.
        self.git("pull", "-q", "--no-rebase", "--no-edit", "origin", "main", check=False)
        self.git("push", "-q", "origin", "main", check=False)
        self.made = self.heads(self.collection) | set(self.git_in(self.remote, "rev-list", "main").stdout.split())


# "rk sync recording hand edits" (sync-hand): several albums edited, one
# added and a plays line written by hand, then `rk sync` killed while it
# records them one commit each. The sync after the kill must complete (the
# trial's own checks), and every line written by hand must be in its file
# and in HEAD: recorded, never lost.

def write_hand_edits(trials, n):
    """Writes the hand edits of trial `n` into the collection, as a person
    would (no git), and remembers each line written, by file."""
    written = []
    for i, name in enumerate(trials.random.sample(trials.local_albums(), 3)):
        path = f"albums/{name}/album.md"
        line = f"Hand note {n}-{i}."
        with open(os.path.join(trials.collection, path), "a", encoding="utf-8") as f:
            f.write(f"\n{line}\n")
        written.append((path, line))
    added = f"albums/zz-hand-{n}/album.md"
    os.makedirs(os.path.dirname(os.path.join(trials.collection, added)))
    with open(os.path.join(trials.collection, added), "w", encoding="utf-8") as f:
        f.write(f"---\ntitle: Hand Made {n}\nartist: The Hands\n---\n")
    written.append((added, f"title: Hand Made {n}"))
    plays = "plays/2025.md"
    line = f"- 2025-01-{1 + n % 28:02d} · {os.path.dirname(written[0][0])} · Hand {n}"
    os.makedirs(os.path.join(trials.collection, "plays"), exist_ok=True)
    with open(os.path.join(trials.collection, plays), "a", encoding="utf-8") as f:
        f.write(line + "\n")
    written.append((plays, line))
    trials.hand_lines = getattr(trials, "hand_lines", []) + written


def hand_edits_kept(trials):
    """Every line written by hand so far is in its file and in HEAD's."""
    problems = []
    for path, line in getattr(trials, "hand_lines", []):
        try:
            with open(os.path.join(trials.collection, path), encoding="utf-8") as f:
                on_disk = line in f.read().splitlines()
        except FileNotFoundError:
            on_disk = False
        committed = line in trials.git("show", f"HEAD:{path}", check=False).stdout.splitlines()
        if not (on_disk and committed):
            problems.append(f"the hand-written line {line!r} of {path} is {'not committed' if on_disk else 'lost'}")
    trials.hand_lines = []  # checked once: a failed trial's repair may reset them
    return problems


def editor_saves_in_place(trials):
    """A person's editor saves an album again and again, in place (truncate,
    then write, as an editor that keeps the file's inode does), each time
    with one more line, while `rk tag add` changes the same album a dozen
    times. In the end every line the editor saved is in the file or in the
    album's history (rk merges a save it finds, or stops and says so)."""
    trials.counter += 1
    n = trials.counter
    album = "albums/" + trials.random.choice(trials.committed_albums())
    path = os.path.join(trials.collection, album, "album.md")
    pace = random.Random(trials.random.random())
    saved, stop = [], threading.Event()

    def editor():
        i = 0
        while not stop.is_set():
            with open(path, encoding="utf-8") as f:
                text = f.read().rstrip("\n") + "\n"
            if "\n## Notes\n" not in text:
                text += "\n## Notes\n"
            line = f"Hand line {n}-{i}."
            with open(path, "w", encoding="utf-8") as f:  # truncates
                f.flush()
                time.sleep(pace.uniform(0, 0.003))
                f.write(text + "\n" + line + "\n")
            saved.append(line)
            i += 1
            time.sleep(pace.uniform(0.02, 0.2))

    thread = threading.Thread(target=editor)
    thread.start()
    stopped = []
    try:
        for j in range(12):
            result = trials.run_rk(["tag", "add", album, f"editor-{n}-{j}"])
            if result.returncode != 0:
                stopped.append(result.stderr.strip())
    finally:
        stop.set()
        thread.join()
    problems = [f"rk failed without saying a save came in between: {e[:200]}" for e in stopped
                if "saved by someone else" not in e and "album.md" not in e]
    # What the person saved last is committed by hand before this change.
    trials.run_rk(["tag", "add", album, f"editor-{n}-end"])
    relative = album + "/album.md"
    history = [trials.git("show", f"{commit}:{relative}").stdout
               for commit in trials.git("log", "--format=%H", "--", relative).stdout.split()]
    with open(path, encoding="utf-8") as f:
        texts = [f.read()] + history
    lost = [line for line in saved if not any(line in text for text in texts)]
    if lost:
        problems.append(f"{len(lost)} of {len(saved)} saved lines in neither the file nor history: {lost[:3]}")
    return problems


SCENARIOS["editor"] = editor_saves_in_place


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rk", required=True, help="the rk binary (rk-cover beside it)")
    parser.add_argument("--root", default="/tmp/rk-crash", help="scratch folder, emptied first")
    parser.add_argument("--trials", type=int, default=350)
    parser.add_argument("--kinds", default=",".join(KINDS + list(SCENARIOS)),
                        help="commands to kill, and scenarios: " + ",".join(KINDS + list(SCENARIOS))
                        + "; 'sync' stands for every sync kind (e.g. --kinds sync --trials 10)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--collection", help="collection to copy (default: example-collection)")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per trial")
    parser.add_argument("--no-double", action="store_true",
                        help="never kill the command that mends an interrupted change (by default a quarter are)")
    args = parser.parse_args()
    if args.seed is None:
        args.seed = random.randrange(1 << 30)
    kinds = [k for name in args.kinds.split(",") if name for k in (SYNC_KINDS if name == "sync" else [name])]
    kinds = list(dict.fromkeys(kinds))
    for kind in kinds:
        if kind not in KINDS and kind not in SCENARIOS:
            parser.error(f"unknown kind {kind}")

    trials = Trials(args)
    trials.measure(kinds)
    print(f"crash test: {args.trials} trials, seed {args.seed}, collection copy in {trials.collection}")
    print("running time, median of 3 (journaled part; for pack, the packing after it): "
          + ", ".join(f"{k} {v * 1000:.0f} ms ({trials.windows[k] * 1000:.0f} ms)" for k, v in trials.durations.items()),
          flush=True)
    start = time.perf_counter()
    for number in range(args.trials):
        # Every other round of kinds aims its kills at the journaled part.
        trials.trial(kinds[number % len(kinds)], aimed=(number // len(kinds)) % 2 == 1)
    elapsed = time.perf_counter() - start

    columns = ["killed", "ended before the kill", "mender killed too", "rolled back", "finished", "none", "FAILED"]
    print(f"\n{'kind':8}" + "".join(f"{c:>22}" for c in columns))
    total = Counter()
    for kind in kinds:
        row = trials.results[kind]
        total.update(row)
        print(f"{kind:8}" + "".join(f"{row[c]:>22}" for c in columns))
    print(f"{'all':8}" + "".join(f"{total[c]:>22}" for c in columns))
    print(f"\n{args.trials} trials in {elapsed:.0f} s; 'rolled back', 'finished', 'none' = what the command after the "
          f"kill(s) reported ('none': killed before its journal or after it was removed, nothing to mend). Temporary files left at the end (not failures): "
          + ", ".join(f"{k} {v}" for k, v in trials.leftovers.items()))
    for kind, argv, delay, problems in trials.failures:
        print(f"FAILED {kind} (rk {' '.join(argv)}, killed after {delay} ms):")
        for problem in problems:
            print(f"  {problem}")
    sys.exit(1 if trials.failures else 0)


if __name__ == "__main__":
    main()
