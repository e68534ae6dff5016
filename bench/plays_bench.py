"""Plays and statistics (issue 21 points 1 and 2), a suite of bench.py run at
10k and 100k:

- `rk stats` (every album and 10 years of plays) against `rk list --count`
  (goal: at most 1.5x);
- `rk list -- QUERY` with 10 years of daily plays (3,650 lines a year, 36,500
  in all) in `plays/` against the same query without them (goal: under 5%
  more), and `rk list --json`, which reads the plays for every album object,
  the same way (shown, no goal).

The plays files are written once under ROOT/plays-N (the same bytes every
time) and renamed into the generated collection only for the runs that need
them (untimed), then back out, so every other suite sees the collection as
generated.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import QUERY  # noqa: E402

YEARS = range(2016, 2026)
PER_YEAR = 3650


def _bench():
    """bench.py's module: `__main__` when run as `make bench` does, else imported."""
    main = sys.modules.get("__main__")
    if hasattr(main, "Suite") and hasattr(main, "git_copy"):
        return main
    import bench
    return bench


def write_plays(directory, albums, target):
    """Ten years of plays of `albums` (ids), ten a day, in `target`/YYYY.md."""
    if os.path.isdir(target) and len(os.listdir(target)) == len(YEARS):
        return
    os.makedirs(target, exist_ok=True)
    step = 7919  # a prime: the albums played are spread over the collection
    index = 0
    for year in YEARS:
        lines = [f"# Plays in {year}\n", "\n"]
        for n in range(PER_YEAR):
            day = n // 10
            month, day_of_month = 1 + day // 31 % 12, 1 + day % 28
            album = albums[(index * step) % len(albums)]
            index += 1
            sides = " · side A" if n % 3 == 0 else ""
            lines.append(f"- {year}-{month:02d}-{day_of_month:02d} {8 + n % 14:02d}:{n % 60:02d} · {album}{sides} · Bench\n")
        with open(os.path.join(target, f"{year}.md"), "w", encoding="utf-8", newline="\n") as f:
            f.writelines(lines)


def plays_suite(ctx):
    m = _bench()
    Case, Floor, Suite = m.Case, m.Floor, m.Suite
    rk = [ctx.rk, "-C", ctx.directory]
    kept = os.path.join(ctx.root, f"plays-{ctx.size}")
    inside = os.path.join(ctx.directory, "plays")
    albums = sorted("albums/" + name for name in os.listdir(os.path.join(ctx.directory, "albums")))
    write_plays(ctx.directory, albums, kept)

    def with_plays(_):
        if not os.path.isdir(inside):
            os.rename(kept, inside)

    def without_plays(_=None):
        if os.path.isdir(inside):
            os.rename(inside, kept)

    without_plays()
    floors = {
        "count": Floor("rk list --count", rk + ["list", "--count"], prepare=without_plays),
        "query": Floor(f"rk list -- {' '.join(QUERY)}, no plays", rk + ["list", "--", *QUERY], prepare=without_plays),
        "json": Floor("rk list --json, no plays", rk + ["list", "--json"], prepare=without_plays),
    }
    cases = [
        Case("rk stats, 10 years of plays (goal <= 1.50x)", rk + ["stats"], floor="count", prepare=with_plays),
        Case(f"rk list -- {' '.join(QUERY)}, 10 years of plays (goal <= 1.05x)", rk + ["list", "--", *QUERY],
             floor="query", prepare=with_plays),
        Case("rk list --json, 10 years of plays", rk + ["list", "--json"], floor="json", prepare=with_plays),
    ]
    notes = [f"plays: {len(YEARS)} years of {PER_YEAR} lines in {kept}, renamed into the collection for the plays runs"]
    return Suite(floors, cases, cleanup=without_plays, notes=notes)
