#!/usr/bin/env python3
"""`make bench`: time rk on generated collections against floors measured the
same way, and print one table with each time as a ratio to its floor.

Every time is the median wall-clock time of --runs runs after one warm-up run
(time.perf_counter around subprocess.run, stdout to /dev/null). Caches are left
warm on purpose: a collector runs rk on a collection the system already holds.

To add a measurement, add a Case to a suite's cases, or write a new suite (a
function of a Context returning a Suite) and list it in SIZED_SUITES (run for
each collection size) or ONCE_SUITES (run once). A suite brings its own
floors, so a change can be compared with `git commit` while reads compare
with cat.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Optional, Union

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import QUERY, generate  # noqa: E402
import discogs  # noqa: E402
import server_bench  # noqa: E402

# An argv list, a string run with `bash -c`, or a function of the run index
# (0 is the warm-up) returning either.
Command = Union[list, str, Callable[[int], Union[list, str]]]


@dataclass
class Floor:
    """What cases are compared with: the least work that could do the job."""
    label: str
    command: Command
    prepare: Optional[Callable[[int], None]] = None  # untimed, before each run


@dataclass
class Case:
    name: str
    command: Command
    floor: str = "read"  # key into the suite's floors
    prepare: Optional[Callable[[int], None]] = None  # untimed, before each run
    goal: Optional[float] = None  # the most its ratio to the floor may be


@dataclass
class Suite:
    floors: dict
    cases: list
    cleanup: Callable[[], None] = lambda: None
    notes: list = field(default_factory=list)  # lines printed before the cases run
    goals: list = field(default_factory=list)  # (what, value text, goal text, met) measured while making it


class Skip(Exception):
    """A suite that cannot run here (a tool missing): say why and go on."""


@dataclass
class Context:
    rk: str
    label: str                 # the table's first column: "10000", "12 MP"
    root: str                  # --root: suites keep their scratch copies here
    runs: int
    size: int = 0              # albums, for suites run per size
    directory: str = ""        # the generated collection: never changed


# ---------------------------------------------------------------- running

@dataclass
class Timing:
    seconds: float
    runs: int = 0              # including the warm-up
    failures: int = 0
    message: str = ""          # the first failure's command and stderr


def shown(command):
    return command if isinstance(command, str) else " ".join(command)


def run_once(command):
    """(seconds, exit status, stderr) of one run."""
    argv = ["bash", "-c", command] if isinstance(command, str) else command
    start = time.perf_counter()
    try:
        result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    except OSError as error:
        return time.perf_counter() - start, 127, str(error)
    return time.perf_counter() - start, result.returncode, result.stderr.decode(errors="replace")


def measure(command, runs, prepare=None):
    """Median of `runs` timed runs after one warm-up; failures are counted,
    and the first one's stderr kept."""
    times, timing = [], Timing(0.0, runs + 1)
    for index in range(runs + 1):
        if prepare:
            prepare(index)
        this = command(index) if callable(command) else command
        seconds, status, stderr = run_once(this)
        if status != 0:
            timing.failures += 1
            if not timing.message:
                timing.message = f"`{shown(this)}` exited {status}:\n" + indent(stderr.strip()[-2000:] or "(no stderr)")
        if index > 0:
            times.append(seconds)
    timing.seconds = statistics.median(times)
    return timing


def indent(text):
    return "\n".join("      " + line for line in text.splitlines())


def git(args, cwd):
    subprocess.run(["git", *args], cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def remove(path):
    shutil.rmtree(path, ignore_errors=True)


# ---------------------------------------------------------------- suites

# The smart list of the read suite (docs/commands.md, "Rules and smart lists"): tags, a year range and a
# month-precision date, so that every kind of rule is timed; it matches about as
# many albums as QUERY (1,118 and 1,190 of 100k), so printing costs the same.
# Goal: within 1.5x of the plain query.
SMART_LIST = "bench"
SMART_RULES = ["+(#jazz, #soul)", "@year:1970..1973", "-(#live, @released:<1971-06)"]


def write_smart_list(directory):
    """`.recordkeeper/lists/bench.yaml` in the generated collection: the only
    file bench.py adds to it, the same bytes every time."""
    folder = os.path.join(directory, ".recordkeeper", "lists")
    os.makedirs(folder, exist_ok=True)
    text = "rules:\n" + "".join(f'- "{rule}"\n' for rule in SMART_RULES)
    path = os.path.join(folder, SMART_LIST + ".yaml")
    if not os.path.exists(path) or open(path, encoding="utf-8").read() != text:
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)


def read_suite(ctx):
    """Commands that only read, against reading every album.md with cat."""
    rk = [ctx.rk, "-C", ctx.directory]
    write_smart_list(ctx.directory)
    floors = {"read": Floor("cat every album.md",
                            f"find '{ctx.directory}' -name album.md -print0 | xargs -0 cat > /dev/null")}
    cases = [
        Case("rk list --count", rk + ["list", "--count"]),
        Case("rk list -- " + " ".join(QUERY), rk + ["list", "--", *QUERY]),
        Case(f"rk list @{SMART_LIST} (smart list)", rk + ["list", "@" + SMART_LIST]),
        Case("rk list RULES (the same, inline)", rk + ["list", "--", *SMART_RULES]),
    ]
    notes = []
    for words, label in ((QUERY, "query"), (["@" + SMART_LIST], "smart list")):
        result = subprocess.run(rk + ["list", "--count", "--", *words], capture_output=True, text=True)
        if result.returncode == 0:
            notes.append(f"{label} `{' '.join(words)}` matches {result.stdout.strip()} albums")
    notes.append(f"smart list @{SMART_LIST}: {' '.join(SMART_RULES)}")
    return Suite(floors, cases, notes=notes)


# Issue 19's goals, at 10k and 100k: loading without the cache within 1.2x of
# cat, a query with the cache within 3x of `git status -uno`, and the peak
# memory of `rk list --count` under 40 MB (10k) and 250 MB (100k).
LOAD_GOALS = {"cat": 1.2, "status": 3.0}
MEMORY_GOALS_MB = {10000: 40, 100000: 250}


def peak_memory(argv):
    """VmHWM (peak resident memory) of one run of argv, in bytes."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = status
    return usage.ru_maxrss * 1024


def load_suite(ctx):
    """`rk list --count` without a cache (the generated collection has no
    .git, so rk keeps none) against cat of every album.md, and a query in a
    git copy, where rk keeps `.git/rk-cache`, against `git status -uno`."""
    work = git_copy(ctx)
    rk_cold = [ctx.rk, "-C", ctx.directory]
    rk_warm = [ctx.rk, "-C", work]
    # A file changed in the last two seconds is never cached: let the copy's
    # ctimes age, then fill the cache and git's index once, untimed.
    time.sleep(2.2)
    subprocess.run(rk_warm + ["list", "--count"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(["git", "-C", work, "status", "-uno"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    floors = {
        "cat": Floor("cat every album.md", f"find '{ctx.directory}' -name album.md -print0 | xargs -0 cat > /dev/null"),
        "status": Floor("git status -uno", ["git", "-C", work, "status", "-uno"]),
    }
    cases = [
        Case(f"rk list --count, no cache (goal <= {LOAD_GOALS['cat']:.2f}x)", rk_cold + ["list", "--count"], floor="cat",
             goal=LOAD_GOALS["cat"]),
        Case(f"rk list -- {' '.join(QUERY)}, cached (goal <= {LOAD_GOALS['status']:.2f}x)", rk_warm + ["list", "--", *QUERY],
             floor="status", goal=LOAD_GOALS["status"]),
        Case(f"rk list --count, cached (goal <= {LOAD_GOALS['status']:.2f}x)", rk_warm + ["list", "--count"], floor="status",
             goal=LOAD_GOALS["status"]),
    ]
    goal = MEMORY_GOALS_MB.get(ctx.size)
    text = sum(os.path.getsize(os.path.join(base, "album.md"))
               for base, _, files in os.walk(os.path.join(ctx.directory, "albums")) if "album.md" in files)
    notes = [f"every album.md: {text / 1e6:.1f} MB"]
    goals = []
    for label, argv in (("no cache", rk_cold), ("cached", rk_warm)):
        peak = peak_memory(argv + ["list", "--count"]) / 1e6
        verdict = f"goal < {goal} MB: {'met' if peak < goal else 'MISSED'}" if goal else "no goal at this size"
        notes.append(f"peak memory (VmHWM) of rk list --count, {label}: {peak:.0f} MB ({verdict})")
        if goal:
            goals.append((f"peak memory of rk list --count, {label}", f"{peak:.0f} MB", f"< {goal} MB", peak < goal))
    return Suite(floors, cases, cleanup=lambda: remove(work), notes=notes, goals=goals)


def json_suite(ctx):
    """`rk list --json` (every album object, sorted, grouped) against
    `rk list --count` (the same load and no output): what writing JSON costs."""
    rk = [ctx.rk, "-C", ctx.directory]
    floors = {"count": Floor("rk list --count", f"'{ctx.rk}' -C '{ctx.directory}' list --count > /dev/null")}
    # Goal (issue 9): the ratio at most 1.2x at 10k and at 100k.
    cases = [Case("rk list --json (goal <= 1.20x)", rk + ["list", "--json"], floor="count")]
    result = subprocess.run(rk + ["list", "--json"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    notes = [f"rk list --json writes {len(result.stdout) / 1e6:.1f} MB"] if result.returncode == 0 else []
    return Suite(floors, cases, notes=notes)


def git_copy(ctx):
    """A scratch git work tree of the collection. The repository is made once
    per generated collection (again when that changes), then copied."""
    repo = os.path.join(ctx.root, f"{ctx.size}-git")
    with open(os.path.join(ctx.directory, ".bench-stamp"), encoding="utf-8") as f:
        wanted = f.read()
    stamp = os.path.join(repo, ".git", "bench-stamp")
    if not (os.path.exists(stamp) and open(stamp, encoding="utf-8").read() == wanted):
        remove(repo)
        subprocess.run(["cp", "-a", ctx.directory, repo], check=True)
        git(["init", "-q", "-b", "main"], repo)
        git(["config", "user.name", "Bench"], repo)
        git(["config", "user.email", "bench@localhost"], repo)
        git(["config", "gc.auto", "0"], repo)  # no background gc in the middle of a timing
        with open(os.path.join(repo, ".git", "info", "exclude"), "a", encoding="utf-8") as f:
            f.write(".bench-stamp\n")
        git(["add", "-A"], repo)
        git(["commit", "-q", "-m", "Start"], repo)
        git(["gc", "-q"], repo)
        with open(stamp, "w", encoding="utf-8") as f:
            f.write(wanted)
    work = os.path.join(ctx.root, f"{ctx.size}-work")
    remove(work)
    subprocess.run(["cp", "-a", repo, work], check=True)
    return work


def change_suite(ctx):
    """A change made with rk (one libgit2 commit) against the same kind of
    change made with the git command line."""
    work = git_copy(ctx)
    albums = sorted(os.listdir(os.path.join(work, "albums")))
    album = "albums/" + albums[len(albums) // 2]
    path = os.path.join(work, album, "album.md")

    def edit(index):
        with open(path, "a", encoding="utf-8") as f:
            f.write(f"\nA note {index}.\n")

    floors = {"commit": Floor("git add + git commit",
                              f"cd '{work}' && git add '{album}/album.md' && git commit -q -m 'Change {album}'",
                              prepare=edit)}
    cases = [Case("rk tag add (one commit)",
                  lambda index: [ctx.rk, "-C", work, "tag", "add", album, f"bench-{index}"], floor="commit")]
    return Suite(floors, cases, cleanup=lambda: remove(work))


def cover_suite(ctx):
    """`rk cover set` of a 12-megapixel JPEG against vipsthumbnail making the
    same two files."""
    if not (shutil.which("vips") and shutil.which("vipsthumbnail")):
        raise Skip("vips and vipsthumbnail are needed (make deps)")
    base = ctx.root
    os.makedirs(base, exist_ok=True)
    photo = os.path.join(base, "photo-12mp.jpg")
    if not os.path.exists(photo):
        subprocess.run(["bash", "-c", f"vips gaussnoise '{base}/noise.v' 4000 3000 --mean 128 --sigma 60 && "
                        f"vips colourspace '{base}/noise.v' '{base}/noise-srgb.v' srgb && "
                        f"vips copy '{base}/noise-srgb.v' '{photo}[Q=90]' && "
                        f"rm -f '{base}/noise.v' '{base}/noise-srgb.v'"], check=True)
    flipped = os.path.join(base, "photo-12mp-flipped.jpg")
    if not os.path.exists(flipped):
        subprocess.run(["vips", "flip", photo, flipped + "[Q=90]", "horizontal"], check=True)
    work = os.path.join(base, "cover-work")
    remove(work)
    os.makedirs(os.path.join(work, "albums", "a"))
    with open(os.path.join(work, "albums", "a", "album.md"), "w", encoding="utf-8") as f:
        f.write("---\ntitle: A\nartist: B\n---\n")
    result = subprocess.run([ctx.rk, "init", work], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        remove(work)
        raise Skip(f"`rk init {work}` exited {result.returncode}:\n" + indent(result.stderr.strip()))
    out = os.path.join(base, "vipsthumbnail-out")
    os.makedirs(out, exist_ok=True)
    floors = {"vips": Floor("vipsthumbnail x2",
                            f"vipsthumbnail '{photo}' -s 400x400 -m centre -o '{out}/cover.webp[strip]' && "
                            f"vipsthumbnail '{out}/cover.webp' -s 100x100 -o '{out}/cover-thumb.webp[strip]'")}
    # Alternate two photos, so every run really changes the cover and commits.
    cases = [Case("rk cover set (both images, commit)",
                  lambda index: [ctx.rk, "-C", work, "cover", "set", "albums/a", (photo, flipped)[index % 2]],
                  floor="vips")]
    return Suite(floors, cases, cleanup=lambda: (remove(work), remove(out)))


def import_suite(ctx):
    """`rk import discogs` of a 10,000-row Discogs export into an empty
    collection (10,000 albums written, one commit), against cat of the CSV and
    against writing the same files with cp and committing them with git; then
    the same import again, which changes nothing, against cat of every album.md."""
    rows = 10000
    base = os.path.join(ctx.root, "discogs")
    remove(base)
    os.makedirs(base)
    csv_path = os.path.join(base, f"discogs-{rows}.csv")
    discogs.write(rows, csv_path)
    work = os.path.join(base, "work")
    floor_work = os.path.join(base, "floor")
    reference = os.path.join(base, "reference")

    def fresh(path):
        remove(path)
        result = subprocess.run([ctx.rk, "init", path], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            raise Skip(f"`rk init {path}` exited {result.returncode}:\n" + indent(result.stderr.strip()))
        git(["config", "user.name", "Bench"], path)
        git(["config", "user.email", "bench@localhost"], path)
        git(["config", "gc.auto", "0"], path)

    # The albums one import makes, for the cp + git floor and the second case.
    fresh(reference)
    result = subprocess.run([ctx.rk, "-C", reference, "import", "discogs", csv_path], capture_output=True, text=True)
    if result.returncode != 0:
        raise Skip("the first import failed:\n" + indent(result.stderr.strip()[-2000:]))
    floors = {
        "csv": Floor("cat the CSV", f"cat '{csv_path}' > /dev/null"),
        "commit": Floor("cp the albums + git add + git commit",
                        f"cp -r '{reference}/albums' '{floor_work}/' && cd '{floor_work}' && git add -A && git commit -q -m Import",
                        prepare=lambda index: fresh(floor_work)),
        "read": Floor("cat every album.md",
                      f"find '{reference}' -name album.md -print0 | xargs -0 cat > /dev/null"),
    }
    into_empty = [ctx.rk, "-C", work, "import", "discogs", csv_path]
    cases = [
        Case(f"rk import discogs ({rows} rows)", into_empty, floor="csv", prepare=lambda index: fresh(work)),
        Case(f"rk import discogs ({rows} rows)", into_empty, floor="commit", prepare=lambda index: fresh(work)),
        Case("rk import discogs again (no change)", [ctx.rk, "-C", reference, "import", "discogs", csv_path], floor="read"),
    ]
    notes = [f"{rows} Discogs rows, {os.path.getsize(csv_path) / 1e6:.1f} MB, in {csv_path}"]
    return Suite(floors, cases, cleanup=lambda: remove(base), notes=notes)


# (suite, smallest collection it runs on). Add per-size suites here.
SIZED_SUITES = [
    (read_suite, 0),
    (load_suite, 10000),
    (json_suite, 10000),
    (change_suite, 10000),
    (__import__("sync_bench").sync_suite, 10000),
    (__import__("plays_bench").plays_suite, 10000),  # rk stats, 10 years of plays: bench/plays_bench.py
]


def suite_name(make_suite):
    """`load` for load_suite: how --suites names it."""
    return make_suite.__name__.removesuffix("_suite")


# What --suites chooses from: the sized suites, the .git size, the server's rows.
SUITE_NAMES = [suite_name(make_suite) for make_suite, _ in SIZED_SUITES] + ["size", "server"]

# (suite, label for the size column, option that turns it off). Run once.
ONCE_SUITES = [
    (cover_suite, "12 MP", "cover"),
    (import_suite, "10k rows", "discogs"),
]


# ---------------------------------------------------------------- the table

class Table:
    HEADER = ("size", "floor", "floor time", "case", "time", "ratio")

    def __init__(self):
        self.rows = []
        self.goals = []  # (size, what, value text, goal text, met): printed last, beside each other

    def goal(self, label, what, value_text, goal_text, met):
        self.goals.append((label, what, value_text, goal_text, met))

    def add_timing(self, label, floor_label, floor, name, timing):
        ratio = f"{timing.seconds / floor.seconds:.2f}x" if floor.seconds > 0 else "-"
        if timing.failures or floor.failures:
            ratio += f"  FAILED {timing.failures}/{timing.runs}" + (" (floor too)" if floor.failures else "")
        self.add(label, floor_label, f"{floor.seconds * 1000:.1f} ms", name, f"{timing.seconds * 1000:.1f} ms", ratio)

    def add(self, label, floor_label, floor_text, name, value_text, ratio):
        self.rows.append((label, floor_label, floor_text, name, value_text, ratio))
        print(f"  {name:<36} {value_text:>10}  {ratio:<6} vs {floor_label} ({floor_text})", flush=True)

    def print(self):
        rows = [self.HEADER] + self.rows
        widths = [max(len(row[i]) for row in rows) for i in range(len(self.HEADER))]
        print()
        for row in rows:
            print("  ".join(cell.rjust(width) if i in (0, 2, 4) else cell.ljust(width)
                            for i, (cell, width) in enumerate(zip(row, widths))).rstrip())
        if self.goals:
            print("\nEach figure beside its goal:")
            goals = [("size", "measure", "figure", "goal", "")] + [
                (label, what, value, goal, "met" if met else "MISSED") for label, what, value, goal, met in self.goals]
            widths = [max(len(row[i]) for row in goals) for i in range(5)]
            for row in goals:
                print("  ".join(cell.rjust(width) if i in (0, 2) else cell.ljust(width)
                                for i, (cell, width) in enumerate(zip(row, widths))).rstrip())


def run_suite(ctx, make_suite, table):
    try:
        suite = make_suite(ctx)
    except Skip as skip:
        print(f"  ! {make_suite.__name__} skipped: {skip}")
        return
    for note in suite.notes:
        print("  " + note)
    for goal in suite.goals:
        table.goal(ctx.label, *goal)
    floors = {}
    try:
        for case in suite.cases:
            floor = suite.floors[case.floor]
            if case.floor not in floors:
                floors[case.floor] = measure(floor.command, ctx.runs, floor.prepare)
                if floors[case.floor].failures:
                    print(f"  ! floor {floor.label}: {floors[case.floor].message}")
            timing = measure(case.command, ctx.runs, case.prepare)
            table.add_timing(ctx.label, floor.label, floors[case.floor], case.name, timing)
            if case.goal is not None and floors[case.floor].seconds > 0:
                ratio = timing.seconds / floors[case.floor].seconds
                table.goal(ctx.label, f"{case.name.split(' (goal')[0]} / {floor.label}", f"{ratio:.2f}x", f"<= {case.goal:.2f}x",
                           ratio <= case.goal and not timing.failures)
            if timing.failures:
                print(f"  ! {timing.message}", flush=True)
    finally:
        suite.cleanup()


# ---------------------------------------------------------------- .git size

def folder_size(path):
    total = 0
    for base, _, files in os.walk(path):
        for name in files:
            total += os.lstat(os.path.join(base, name)).st_blocks * 512
    return total


def git_size(ctx, changes, table):
    """How big .git grows over `changes` rk commits, against what `git gc`
    makes of the same history."""
    work = git_copy(ctx)
    try:
        albums = sorted(os.listdir(os.path.join(work, "albums")))
        failures, message, start = 0, "", time.perf_counter()
        for i in range(changes):
            command = [ctx.rk, "-C", work, "tag", "add", "albums/" + albums[(i * 7919) % len(albums)], f"size-{i}"]
            _, status, stderr = run_once(command)
            if status != 0:
                failures += 1
                message = message or f"`{shown(command)}` exited {status}:\n" + indent(stderr.strip()[-2000:])
        elapsed = time.perf_counter() - start
        after = folder_size(os.path.join(work, ".git"))
        git(["gc", "-q", "--prune=now"], work)
        packed = folder_size(os.path.join(work, ".git"))
        ratio = f"{after / packed:.2f}x" + (f"  FAILED {failures}/{changes}" if failures else "")
        table.add(ctx.label, "git gc", f"{packed / 1e6:.1f} MB", f".git after {changes} rk changes",
                  f"{after / 1e6:.1f} MB", ratio)
        print(f"  ({elapsed / changes * 1000:.0f} ms per rk change, one after another)")
        if message:
            print(f"  ! {message}")
    finally:
        remove(work)


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rk", required=True, help="the rk binary to measure")
    parser.add_argument("--sizes", default="1000,10000,100000", help="collection sizes, comma-separated")
    parser.add_argument("--root", default="/tmp/rk-bench", help="where collections and scratch copies are kept")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per command, after one warm-up")
    parser.add_argument("--changes", type=int, default=1000,
                        help="rk changes for the .git size measure on the 10k collection (0 skips it)")
    parser.add_argument("--no-cover", dest="cover", action="store_false", help="skip the cover benchmark")
    parser.add_argument("--no-discogs", dest="discogs", action="store_false", help="skip the Discogs import benchmark")
    parser.add_argument("--suites", default=",".join(SUITE_NAMES),
                        help="the suites run for each size, comma-separated, of: " + ", ".join(SUITE_NAMES)
                        + " (e.g. --suites load,server for issue 19's figures)")
    args = parser.parse_args()
    rk = os.path.abspath(args.rk)
    if not (os.path.isfile(rk) and os.access(rk, os.X_OK)):
        sys.exit(f"bench.py: no executable rk at {rk}: build it first (make release)")
    try:
        sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        sys.exit(f"bench.py: --sizes takes numbers separated by commas, not {args.sizes!r}")
    if args.runs < 1 or any(size < 1 for size in sizes):
        sys.exit("bench.py: --runs and every size must be at least 1")
    suites = {name.strip() for name in args.suites.split(",") if name.strip()}
    if not suites <= set(SUITE_NAMES):
        sys.exit(f"bench.py: --suites takes names of {', '.join(SUITE_NAMES)}, not {args.suites!r}")
    root = os.path.abspath(args.root)
    table = Table()
    print(f"rk: {rk}; median of {args.runs} runs after a warm-up; warm caches")
    for size in sizes:
        directory = os.path.join(root, str(size))
        start = time.perf_counter()
        made = generate(size, directory)
        print(f"{size} albums in {directory}" + (f" (generated in {time.perf_counter() - start:.1f} s)" if made else ""),
              flush=True)
        ctx = Context(rk, str(size), root, args.runs, size, directory)
        for make_suite, smallest in SIZED_SUITES:
            if size >= smallest and suite_name(make_suite) in suites:
                run_suite(ctx, make_suite, table)
        if size == 10000 and args.changes > 0 and "size" in suites:
            git_size(ctx, args.changes, table)
        if "server" in suites:
            server_bench.server_rows(ctx, table, git_copy)  # rk serve at 10k and 100k: bench/server_bench.py
    for make_suite, label, option in ONCE_SUITES:
        if getattr(args, option):
            print(label, flush=True)
            run_suite(Context(rk, label, root, args.runs), make_suite, table)
    table.print()


if __name__ == "__main__":
    main()
