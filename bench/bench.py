#!/usr/bin/env python3
"""`make bench`: times rk against floors on generated collections, in one run,
and prints each time as a ratio to its floor."""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import generate  # noqa: E402

QUERY = ["love", "+rock", "-live"]


def run(command, **kwargs):
    """Runs a command (a list, or a string for bash) and returns seconds taken."""
    shell = isinstance(command, str)
    start = time.perf_counter()
    result = subprocess.run(["bash", "-c", command] if shell else command, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, **kwargs)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        print(f"  ! {command} exited {result.returncode}: {result.stderr.decode(errors='replace').strip()[:300]}")
    return elapsed


def median(command, runs, prepare=None):
    """Median of `runs` timed runs after one warm-up; `prepare(i)` runs untimed before each."""
    times = []
    for i in range(runs + 1):
        if prepare:
            prepare(i)
        elapsed = run(command(i) if callable(command) else command)
        if i > 0:
            times.append(elapsed)
    return statistics.median(times)


def git(args, cwd):
    subprocess.run(["git", *args], cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def folder_size(path):
    total = 0
    for base, _, files in os.walk(path):
        for name in files:
            total += os.lstat(os.path.join(base, name)).st_blocks * 512
    return total


class Table:
    def __init__(self):
        self.rows = []

    def add(self, size, case, floor_name, floor, seconds):
        self.rows.append((size, case, floor_name, floor, seconds))
        print(f"  {case:<34} {seconds * 1000:9.1f} ms   {seconds / floor:5.2f}x  {floor_name} ({floor * 1000:.1f} ms)", flush=True)

    def print(self):
        print("\nsize     case                                     rk       floor   ratio  floor")
        for size, case, floor_name, floor, value in self.rows:
            unit, scale = ("MB", 1e-6) if case.endswith("(MB)") else ("ms", 1000)
            print(f"{size:<8} {case:<36} {value * scale:8.1f} {floor * scale:8.1f} {unit} {value / floor:5.2f}x  {floor_name}")


def read_benchmarks(rk, root, size, runs, table):
    cat = f"find '{root}' -name album.md -print0 | xargs -0 cat > /dev/null"
    floor = median(cat, runs)
    table.add(size, "rk list --count", "cat every album.md", floor, median([rk, "-C", root, "list", "--count"], runs))
    table.add(size, "rk list -- " + " ".join(QUERY), "cat every album.md", floor,
              median([rk, "-C", root, "list", "--", *QUERY], runs))


def git_copy(root, size, base):
    """A git repository of the collection, made once and copied per use."""
    repo = os.path.join(base, f"{size}-git")
    if not os.path.exists(os.path.join(repo, ".git")):
        shutil.rmtree(repo, ignore_errors=True)
        shutil.copytree(root, repo)
        git(["init", "-q", "-b", "main"], repo)
        git(["-c", "user.name=Bench", "-c", "user.email=bench@localhost", "add", "-A"], repo)
        git(["-c", "user.name=Bench", "-c", "user.email=bench@localhost", "commit", "-q", "-m", "Start"], repo)
        subprocess.run(["git", "gc", "-q"], cwd=repo, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    work = os.path.join(base, f"{size}-work")
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(repo, work, symlinks=True)
    git(["config", "user.name", "Bench"], work)
    git(["config", "user.email", "bench@localhost"], work)
    return work


def change_benchmarks(rk, root, size, base, runs, table):
    work = git_copy(root, size, base)
    albums = sorted(os.listdir(os.path.join(work, "albums")))
    album = "albums/" + albums[len(albums) // 2]
    path = os.path.join(work, album, "album.md")

    def edit(i):
        with open(path, "a") as f:
            f.write(f"\nA note {i}.\n")

    floor = median(f"cd '{work}' && git add '{album}/album.md' && git commit -q -m 'Change {album}'", runs,
                   prepare=edit)
    seconds = median(lambda i: [rk, "-C", work, "tag", "add", album, f"bench-{i}"], runs)
    table.add(size, "rk tag add (one commit)", "git add + git commit", floor, seconds)
    shutil.rmtree(work, ignore_errors=True)


def git_size_benchmark(rk, root, size, base, changes, table):
    work = git_copy(root, size, base)
    albums = sorted(os.listdir(os.path.join(work, "albums")))
    start = time.perf_counter()
    for i in range(changes):
        subprocess.run([rk, "-C", work, "tag", "add", "albums/" + albums[(i * 7919) % len(albums)], f"size-{i}"],
                       check=True, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    after = folder_size(os.path.join(work, ".git"))
    git(["gc", "-q", "--prune=now"], work)
    packed = folder_size(os.path.join(work, ".git"))
    print(f"  .git after {changes} rk changes: {after / 1e6:.1f} MB; after git gc: {packed / 1e6:.1f} MB "
          f"({after / packed:.2f}x); {elapsed / changes * 1000:.0f} ms per change")
    table.rows.append((size, f".git after {changes} changes (MB)", "git gc", packed, after))
    shutil.rmtree(work, ignore_errors=True)


def cover_benchmark(rk, base, runs, table):
    """`rk cover set` of a 12-megapixel JPEG against vipsthumbnail making the same two files."""
    photo = os.path.join(base, "photo-12mp.jpg")
    if not os.path.exists(photo):
        subprocess.run(["bash", "-c", f"vips gaussnoise {base}/noise.v 4000 3000 --mean 128 --sigma 60 && "
                        f"vips colourspace {base}/noise.v {base}/noise-srgb.v srgb && "
                        f"vips copy {base}/noise-srgb.v '{photo}[Q=90]' && rm -f {base}/noise.v {base}/noise-srgb.v"],
                       check=True)
    work = os.path.join(base, "cover-work")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "albums", "a"))
    with open(os.path.join(work, "albums", "a", "album.md"), "w") as f:
        f.write("---\ntitle: A\nartist: B\n---\n")
    subprocess.run([rk, "init", work], check=True, stdout=subprocess.DEVNULL)
    out = os.path.join(base, "vipsthumbnail-out")
    os.makedirs(out, exist_ok=True)
    floor = median(f"vipsthumbnail '{photo}' -s 400x400 -m centre -o '{out}/cover.webp[strip]' && "
                   f"vipsthumbnail '{out}/cover.webp' -s 100x100 -o '{out}/cover-thumb.webp[strip]'", runs)

    flipped = os.path.join(base, "photo-12mp-flipped.jpg")
    if not os.path.exists(flipped):
        subprocess.run(["vips", "flip", photo, flipped + "[Q=90]", "horizontal"], check=True)
    # Alternate two photos, so every run really changes the cover and commits.
    seconds = median(lambda i: [rk, "-C", work, "cover", "set", "albums/a", (photo, flipped)[i % 2]], runs)
    table.add("12 MP", "rk cover set (both images, commit)", "vipsthumbnail x2", floor, seconds)
    shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rk", required=True)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--root", default="/tmp/rk-bench")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--changes", type=int, default=1000, help="rk changes for the .git size measure (0: skip)")
    parser.add_argument("--no-cover", dest="cover", action="store_false", help="skip the cover benchmark")
    args = parser.parse_args()
    rk = os.path.abspath(args.rk)
    table = Table()
    for size in [int(s) for s in args.sizes.split(",")]:
        root = os.path.join(args.root, str(size))
        print(f"{size} albums in {root}", flush=True)
        if generate(size, root):
            print("  generated")
        read_benchmarks(rk, root, size, args.runs, table)
        if size >= 10000:
            change_benchmarks(rk, root, size, args.root, args.runs, table)
        if size == 10000 and args.changes:
            git_size_benchmark(rk, root, size, args.root, args.changes, table)
    if args.cover:
        cover_benchmark(rk, args.root, args.runs, table)
    table.print()


if __name__ == "__main__":
    main()
