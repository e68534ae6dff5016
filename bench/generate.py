#!/usr/bin/env python3
"""Generate a collection of N albums for `make bench`: deterministic, in the
canonical album.md form, with the variety of a real collection (thousands of
artists, unicode, partial and missing dates, tags, tracks, notes)."""
import os
import random
import re
import sys
import unicodedata

VERSION = "2"
WORDS = ("love night blue song heart road river fire dream time light world rain city moon sun star "
         "gold silver black white red green summer winter street house garden ocean sea sky heaven angel "
         "ghost shadow dance fever soul spirit home wild young old last first lost found broken electric "
         "morning evening midnight paradise memory echo thunder storm glass stone velvet diamond").split()
FIRST = ("John Paul Mary Anna Björk Sigur Zoë Chloé José María Søren Åsa Jürgen Françoise Nina Miles "
         "Ella Louis Billie Aretha Otis Ravi Youssou Fela Ali Miriam Caetano Gilberto Astrud Ennio "
         "Дмитрий Алла 美空 坂本 Kraft Motör Hüsker Mötley Blue Red Black White").split()
LAST = ("Davis Smith Rós Jobim Coltrane Simone Fitzgerald Armstrong Holiday Franklin Redding Shankar "
        "N'Dour Kuti Farka Makeba Veloso Gil Gilberto Morricone Шостакович Пугачёва ひばり 龍一 "
        "Werk Head Dü Crüe Note Hot Sabbath Stripes Quartet Trio Orchestra Band Collective").split()
TAGS = [f"{g}" for g in ("rock jazz pop soul funk blues folk punk metal disco house techno ambient "
                         "classical opera reggae ska dub hip-hop rap grime gospel country bluegrass "
                         "bossa-nova samba salsa afrobeat highlife cumbia tango fado flamenco krautrock "
                         "shoegaze grunge emo indie alternative post-rock new-wave synth-pop "
                         "electronic trip-hop drum-and-bass dubstep garage soundtrack live "
                         "favourite needs-cleaning original-pressing reissue signed sealed "
                         "gift wish-list mono stereo quadraphonic 180g picture-disc coloured "
                         "japanese-pressing german-pressing uk-pressing us-pressing").split()]
TAGS += [f"{d}s" for d in range(1920, 2030, 10)] + [f"tag-{n}" for n in range(120)]
SPECIAL = ["Say \"Hello\"", "Back\\slash", "Rock: the Sequel", "#1 Record", "- Dash", "'Quoted'", "Yes"]
INDICATORS = set(",[]{}#&*!|>'\"%@`-?:")
RESERVED = {"~", "null", "true", "false", "yes", "no", "on", "off", "y", "n"}
LETTERS = {"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ð": "d", "ł": "l", "þ": "th", "ı": "i"}


def quote(text):
    if (not text or text[0].isspace() or text[-1].isspace() or text.endswith(":") or text[0] in INDICATORS
            or ": " in text or " #" in text or text.lower() in RESERVED):
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return text


def slug(artist, title):
    text = unicodedata.normalize("NFD", (artist + " " + title).lower())
    text = "".join(LETTERS.get(c, c) for c in text if unicodedata.category(c) != "Mn")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:80] or "album"


def album(rng, artists):
    artist, sort_artist = rng.choice(artists)
    title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4))).title()
    if rng.random() < 0.01:
        title = rng.choice(SPECIAL)
    roll = rng.random()
    year = rng.randint(1925, 2025)
    released = (f"{year}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}" if roll < 0.6 else
                f"{year}-{rng.randint(1, 12):02d}" if roll < 0.75 else f"{year}" if roll < 0.9 else None)
    lines = ["---", "title: " + quote(title), "artist: " + quote(artist)]
    if sort_artist:
        lines.append("sort_artist: " + quote(sort_artist))
    if released:
        lines.append("released: " + released)
    if rng.random() < 0.3:
        lines.append("wikipedia: https://en.wikipedia.org/wiki/" + title.replace(" ", "_"))
    tags = rng.sample(TAGS, rng.randint(0, 8))
    if tags:
        lines.append("tags:")
        lines += ["- " + quote(t) for t in tags]
    if rng.random() < 0.1:
        lines.append(rng.choice(["label: ", "catalog: "]) + quote(f"{rng.choice(WORDS).title()} {rng.randint(100, 9999)}"))
    lines.append("---")
    tracks = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 5))).capitalize() for _ in range(rng.randint(3, 20))]
    body = "\n## Tracks\n\n" + "".join(f"{i + 1}. {t}\n" for i, t in enumerate(tracks))
    if rng.random() < 0.3:
        body += "\n## Notes\n\n" + "\n".join(" ".join(rng.choice(WORDS) for _ in range(12)) for _ in range(rng.randint(1, 4))) + "\n"
    return artist, title, "\n".join(lines) + "\n" + body


def generate(count, root):
    stamp = os.path.join(root, ".bench-stamp")
    wanted = f"{count} {VERSION}\n"
    if os.path.exists(stamp) and open(stamp).read() == wanted:
        return False
    if os.path.exists(root):
        os.system(f"rm -rf '{root}'")
    rng = random.Random(count)
    artists = []
    for _ in range(max(50, count // 8)):
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if rng.random() < 0.05:
            name = "The " + name
        sort_artist = None
        if rng.random() < 0.2:
            parts = name.split(" ")
            sort_artist = parts[-1] + ", " + " ".join(parts[:-1])
        artists.append((name, sort_artist))
    os.makedirs(os.path.join(root, ".recordkeeper"))
    with open(os.path.join(root, ".recordkeeper", "config.yaml"), "w") as f:
        f.write("version: 1\n")
    with open(os.path.join(root, ".recordkeeper", ".gitignore"), "w") as f:
        f.write("local.yaml\n")
    used = set()
    for _ in range(count):
        artist, title, text = album(rng, artists)
        base = slug(artist, title)
        name, n = base, 2
        while name in used:
            name, n = f"{base}-{n}", n + 1
        used.add(name)
        folder = os.path.join(root, "albums", name)
        os.makedirs(folder)
        with open(os.path.join(folder, "album.md"), "w", encoding="utf-8") as f:
            f.write(text)
    with open(stamp, "w") as f:
        f.write(wanted)
    return True


if __name__ == "__main__":
    generate(int(sys.argv[1]), sys.argv[2])
