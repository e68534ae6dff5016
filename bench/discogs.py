#!/usr/bin/env python3
"""Write a Discogs collection export of N rows for `make bench`.

`discogs.py N FILE` writes the CSV Discogs exports of a collection (its
thirteen columns in its order, plus one extra column), with the quirks of a
real export: quoted commas, `Artist (2)` suffixes, empty ratings and
`Various`, multi-format `2xLP, Album`, notes with line breaks and quotes,
dates of zeros, long condition names, and copies of one release. The same N
always gives the same bytes. Python standard library only.
"""
import csv
import random
import sys

HEADER = ["Catalog#", "Artist", "Title", "Label", "Format", "Rating", "Released", "release_id",
          "CollectionFolder", "Date Added", "Collection Media Condition", "Collection Sleeve Condition",
          "Collection Notes", "Collection Genre"]
GRADES = ["Mint (M)", "Near Mint (NM or M-)", "Very Good Plus (VG+)", "Very Good (VG)", "Good Plus (G+)",
          "Good (G)", "Fair (F)", "Poor (P)"]
FORMATS = ["LP, Album", "2xLP, Album", "LP, Album, Reissue", "12\", 45 RPM, Single", "7\", Single",
           "LP, Comp", "3xLP, Album, Box Set"]
WORDS = ("night blue heart time world dream light fire rain city moon sun star gold summer winter street home "
         "road river ocean sky soul dance fever ghost shadow wild young morning midnight paradise memory echo "
         "thunder storm glass stone velvet diamond").split()


def rows(count, seed=7):
    rng = random.Random(seed)
    previous = None
    artists = [" ".join(rng.choice(WORDS).title() for _ in range(rng.randint(1, 3))) for _ in range(max(1, count // 6))]
    labels = ["Columbia", "Blue Note", "Sub Pop (2)", "Rough Trade", "4AD", "Warp Records", "Elektra", "Island"]
    for index in range(count):
        artist = rng.choice(artists)
        if index % 11 == 0:
            artist += f" ({rng.randint(2, 9)})"
        if index % 29 == 0:
            artist = "Various"
        title = " ".join(rng.choice(WORDS).title() for _ in range(rng.randint(1, 4)))
        if index % 13 == 0:
            title += ", Vol. 2"
        year = rng.randint(1950, 2024)
        released = rng.choice([str(year), f"{year}-00-00", f"{year}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"])
        if index % 97 == 0:
            released = "0"
        notes = ""
        if index % 5 == 0:
            notes = f"Bought at a fair, {year + 1}.\nInner sleeve says \"promo\"."
        row = [
            f"{rng.choice('ABCDEFGH')}{rng.choice('ABCDEFGH')}-{rng.randint(100, 99999)}",
            artist, title, rng.choice(labels) + (", Other Label" if index % 17 == 0 else ""),
            rng.choice(FORMATS), "" if index % 3 == 0 else str(rng.randint(0, 5)), released, str(100000 + index),
            rng.choice(["Uncategorized", "Jazz", "Shelf 2"]),
            f"20{rng.randint(10, 24)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}",
            rng.choice(GRADES), rng.choice(GRADES + ["Generic", "No Cover", ""]), notes,
            rng.choice(["Rock", "Jazz", "Electronic, Pop", ""]),
        ]
        if index % 50 == 49 and previous:
            # A second copy of the release before: the same release, another
            # date added and other conditions.
            row[:5] = previous[:5]
            row[6:8] = previous[6:8]
        previous = row
        yield row


def write(count, path):
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(HEADER)
        writer.writerows(rows(count))


if __name__ == "__main__":
    write(int(sys.argv[1]), sys.argv[2])
