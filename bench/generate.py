#!/usr/bin/env python3
"""Generate a collection of N albums for `make bench`.

`generate.py N DIR` writes DIR/.recordkeeper/ and DIR/albums/<slug>/album.md in
the canonical album.md form of docs/album-format.md, "Canonical form", with the variety of a real
collection: about N/8 artists (a few with hundreds of albums), unicode names
(diacritics, Cyrillic, CJK, quotes and backslashes), dates in every precision,
tags, tracks, notes and extra keys. The same N always gives the same bytes.
DIR/.bench-stamp records N and VERSION; a matching stamp skips the work.
Python standard library only.
"""
import calendar
import os
import random
import re
import shutil
import sys
import unicodedata
import urllib.parse

# Bump whenever the output changes, so stamped collections are made again.
VERSION = "rk-bench-generate 4"

# The terms bench.py searches for. Random vocabularies below are kept free of
# them as substrings, so how often each matches is set by the weights here.
COMMON_WORD = "love"      # a plain term: common in titles, rarer in tracks
FREQUENT_TAG = "rock"     # a `+` term: the most used tag, and part of others
EXCLUDED_WORD = "live"    # a `-` term: a tag and the odd "(Live)" track
QUERY = [COMMON_WORD, "+" + FREQUENT_TAG, "-" + EXCLUDED_WORD]
_CONTROLLED = (COMMON_WORD, FREQUENT_TAG, EXCLUDED_WORD)


def _clean(words):
    """`words` without those containing a query term (unless equal to one)."""
    return [w for w in words if w in _CONTROLLED or not any(t in w.lower() for t in _CONTROLLED)]


# ---------------------------------------------------------------- words

# Words common in album and song titles; COMMON_WORD is one of them.
COMMON = _clean(("love night blue heart time world dream light fire rain city moon sun star gold summer "
                 "winter street home road river ocean sky soul dance fever ghost shadow wild young "
                 "morning midnight paradise memory echo thunder storm glass stone velvet diamond").split())

ORDINARY = _clean((
    "after again air alone always angel answer apple april arms august autumn away baby back bad ballad "
    "band beach beautiful bed bell better big bird birthday bitter black blood boat body bone book born "
    "bottle boy brave bread bridge bright broken brother burning butterfly cafe call calling candle car "
    "carnival castle change child children china circle clock close cloud coast cold colour come coming "
    "corner country cowboy crazy crown cry crystal daddy danger dark darling daughter day days dead "
    "deep desert devil different dirty doctor dog door down drive driving drum dust early earth east easy "
    "edge empty end engine escape evening every eye eyes face fade faith fall falling family far fast "
    "father feel feeling field final flower flowers fly flying follow fool forest forever forget free "
    "friday friend friends garden get girl give gone good goodbye gravity green grey ground guitar gun "
    "half hand hands happy harbour hard head hear heaven heavy hello help here hero hide high highway "
    "hill holiday hollow honey hope horse hot hotel hour house human hunter ice island jack jungle just "
    "keep key kid kids kill king kingdom kiss kitchen lady lake land last late lazy leave left letter "
    "liar lie life lion little lonely long lost lucky machine mad magic man many march mary mercy "
    "mirror miss mister modern money monday monster mother motion mountain mouth mr music mystery name "
    "never new news next nice no nobody north nothing november now number ocean old one only open "
    "orange other out over paper party people perfect piano picture pink place planet play please "
    "pocket poison power pretty prince promise queen quiet radio railway rainbow ready real red remember "
    "rescue return revolution rider right ring rise rivers room rose round run running sad sailor saint "
    "same saturday school sea season second secret seven shake she shine ship shoes silence silver "
    "simple sister sleep slow small smile smoke snow soldier somebody something song songs sorrow south "
    "space spring station stay steel step stop story strange stranger sugar sunday sunshine sweet "
    "swimming table take tears telephone tell tender thing think this three tiger tired today together "
    "tomorrow tonight touch tower town train tree trouble true truth tuesday turn twilight two under "
    "up valley voice wait waiting walk walking wall war warm water wave way west what wheel when white "
    "whisper why wind window wine wings winter wish woman wonder wood words work yellow yesterday you "
    "your youth").split())

_rng_words = random.Random("rk-bench-words")
_ONSETS = "b br c ch d dr f g gr h j k kl l m n p pr r s sh st t tr v w z".split()
_NUCLEI = "a e i o u a e i o ai ou ea".split()
_CODAS = ["", "", "", "n", "r", "l", "s", "m", "nd", "x"]


def _pseudo_word(rng):
    return "".join(rng.choice(_ONSETS) + rng.choice(_NUCLEI) + rng.choice(_CODAS)
                   for _ in range(rng.choice((1, 2, 2, 2, 3))))


# Made-up words: the long tail of titles and track names.
PSEUDO = sorted(set(_clean([_pseudo_word(_rng_words) for _ in range(5000)])) - set(COMMON) - set(ORDINARY))

VOCABULARY = COMMON + ORDINARY + PSEUDO


def _cumulative(shares):
    """Cumulative weights over VOCABULARY: each tier's share split evenly in it."""
    weights = []
    for tier, share in zip((COMMON, ORDINARY, PSEUDO), shares):
        weights += [share / len(tier)] * len(tier)
    total, cumulative = 0.0, []
    for weight in weights:
        total += weight
        cumulative.append(total)
    return cumulative


# Shares of (COMMON, ORDINARY, PSEUDO): COMMON_WORD ends up in ~1.5% of
# titles and ~2% of track lists, so a search for it matches ~3.5% of albums.
TITLE_WEIGHTS = _cumulative((0.30, 0.50, 0.20))
TRACK_WEIGHTS = _cumulative((0.03, 0.62, 0.35))

SMALL_WORDS = {"a", "an", "and", "at", "for", "in", "of", "on", "the", "to"}
CONNECTORS = ["of", "the", "in", "and", "for", "on"]

SPECIAL_TITLES = [
    "1999", "21", "2112", "1989", "Yes", "No", "Null", "True", "Off", "~", "Say \"Hello\"", "\"Heroes\"",
    "Back\\slash", "C:\\Music\\Old", "Part 1: The Beginning", "#1 Record", "- Dash -", "'Til Morning",
    "[Untitled]", "{Braces}", "...And Justice for All", "Symphony #5", "Piano Sonata No. 14", "Ágætis byrjun",
    "Homogénic", "Ænima", "Øresund", "Straße der Lieder", "Группа крови", "Звезда по имени Солнце",
    "風街ろまん", "音楽図鑑", "Alive!", "Live at Leeds", "Love Is a Losing Game", "Rocket to Russia",
    "?", "!", "*", "@ Home", "% Complete", "& Friends", "| Pipe", "> Forward", "`Tick`", "Labels:",
    "Songs: Ohia", "Volume 2 #4", "Yes Please", "Ça plane pour moi", "Déjà Vu", "Señor Coconut",
]

# ---------------------------------------------------------------- artists

FIRST = ("John Paul Mary Anna Björn Zoë Chloé José María Søren Åsa Jürgen Françoise Nina Miles Ella Louis "
         "Billie Aretha Otis Ravi Youssou Fela Ali Miriam Caetano Gilberto Astrud Ennio Dmitri Olga Yuki "
         "Kenji Hiroshi Mei Lars Ingrid Agnès Jean-Luc Hélène Ólafur Jóhann Núria Iñigo Łukasz Małgorzata "
         "Tomáš Petra Ahmed Fatoumata Oumou Salif Chet Dexter Sonny Thelonious Herbie Wayne Nick Kate Joni "
         "Leonard Patti Lou Iggy David Tom Tori PJ Neil Bob Bruce Dolly Johnny Willie Emmylou Gram Karen "
         "Sade Grace Donna Diana Marvin Curtis Stevie Prince Erykah Lauryn Frank Rufus Sufjan Fiona Cat "
         "Jarvis Damon Thom Björk Róisín Sinéad Céline Émilie Benoît Stéphane Zoltán Ferenc Dvořák").split()
LAST = ("Davis Smith Jobim Coltrane Simone Fitzgerald Armstrong Holiday Franklin Redding Shankar N'Dour "
        "Kuti Touré Makeba Veloso Gil Morricone Arnalds Jóhannsson Sørensen Müller Lindqvist Núñez "
        "Brötzmann Garbarek Rypdal Østergaard Čapek Kovač Nowak Wójcik Tanaka Sakamoto Yamashita Ōtomo "
        "Hosono Kim Park Chen Wang Lopez García Gómez O'Brien O'Connor MacGowan Davies Jones Evans Taylor "
        "Brown Wilson Moore Clark Lewis Walker Hall Young King Wright Scott Green Baker Adams Nelson Hill "
        "Campbell Mitchell Roberts Carter Phillips Turner Parker Collins Edwards Stewart Morris Murphy Cook "
        "Rogers Morgan Cooper Peterson Reed Bailey Bell Kelly Howard Ward Cox Richardson Wood Watson Brooks "
        "Bennett Gray James Hughes Price Myers Long Foster Sanders Ross Powell Sullivan Russell Perry Butler "
        "Barnes Fisher Henderson Coleman Simmons Patterson Jordan Reynolds Hamilton Graham Wallace Cole "
        "West Hayes Mingus Monk Hancock Shorter Rollins Gordon Baker Mitchell Cohen Reed Pop Bowie Waits "
        "Amos Harvey Young Dylan Springsteen Parton Cash Nelson Harris Carpenter Summer Ross Gaye Mayfield "
        "Wonder Badu Hill Ocean Wainwright Stevens Apple Power Cocker Albarn Yorke Murphy Dion Simon").split()
ADJECTIVES = _clean((
    "Velvet Electric Silver Black Crimson Golden Holy Lonely Broken Midnight Neon Paper Iron Wild Young "
    "Silent Royal Sonic Cosmic Strange Happy Flaming Smashing Talking Rolling Pretty Dead Modern Psychic "
    "Northern Sunday Hollow Lucky Crystal Blind Frozen Burning Fleet Arctic Glass Stone Rusty Tender "
    "Savage Gentle Honey Little Big Heavy Quiet Loud Purple Scarlet Mystic Atomic Magnetic Analog Digital "
    "Hidden Secret Dusty Empty Open Tiny Giant Bright Dark Cold Warm Sweet Bitter Lazy Crazy Dancing "
    "Screaming Sleeping Flying Falling Drowning Howling Weeping Laughing Grateful Jolly Mighty").split())
NOUNS = _clean((
    "Monkeys Foxes Wolves Horses Angels Ghosts Kings Queens Shadows Lights Stones Mountains Rivers Hearts "
    "Machines Pilots Sailors Strangers Vandals Prophets Dreamers Hounds Tigers Ravens Sparrows Owls "
    "Bears Lions Seas Clouds Robots Cowboys Pirates Brothers Sisters Twins Saints Sinners Daughters Sons "
    "Heroes Ramblers Drifters Riders Birds Wheels Engines Bones Flowers Roses Daisies Thorns Mirrors "
    "Windows Doors Keys Bells Drums Guitars Strings Horns Voices Echoes Waves Tides Storms Comets Planets "
    "Satellites Astronauts Martians Zombies Vampires Witches Wizards Giants Dwarves Elephants Whales "
    "Sharks Snakes Spiders Beetles Crickets Fireflies Butterflies Moths Pilgrims Preachers Teachers "
    "Doctors Lawyers Soldiers Generals Orchestra Quartet Trio Ensemble Collective Syndicate Society "
    "Club Union Brigade Band Choir Family Gang Crew Project Experience Sound System").split())
SINGULAR_SUFFIX = ["Orchestra", "Quartet", "Trio", "Ensemble", "Collective", "Syndicate", "Society",
                   "Club", "Union", "Brigade", "Band", "Choir", "Family", "Gang", "Crew", "Project",
                   "Experience", "Sound", "System"]
CYRILLIC_FIRST = "Дмитрий Алла Виктор Борис Земфира Юрий Андрей Наталья Ольга Сергей Иван Мария Татьяна Пётр".split()
CYRILLIC_LAST = ("Шостакович Пугачёва Цой Гребенщиков Рамазанова Шевчук Макаревич Ветлицкая Кормильцев "
                 "Мамонов Лагутенко Федоров Мельников Орлова").split()
CJK_FAMILY = "坂本 山下 細野 宇多田 美空 久石 椎名 大滝 矢野 中島 松任谷 竹内 吉田 高橋 王 周 陳 김 이 박".split()
CJK_GIVEN = "龍一 達郎 晴臣 ヒカル ひばり 譲 林檎 詠一 顕子 みゆき 由実 まりや 美奈子 幸宏 菲 杰倫 奕迅 광석 선희 정현".split()

# Real and invented names that stress quoting, folding and sorting: (artist, sort_artist).
SPECIAL_ARTISTS = [
    ("Björk", None), ("Motörhead", None), ("Sigur Rós", None), ("Hüsker Dü", None), ("Mötley Crüe", None),
    ("Blue Öyster Cult", None), ("Röyksopp", None), ("Mø", None), ("Beyoncé", None),
    ("Sinéad O'Connor", "O'Connor, Sinéad"), ("Ólafur Arnalds", "Arnalds, Ólafur"),
    ("Antonín Dvořák", "Dvořák, Antonín"), ("Czesław Niemen", "Niemen, Czesław"),
    ("Ali Farka Touré", "Touré, Ali Farka"), ("Amadou & Mariam", None), ("Earth, Wind & Fire", None),
    ("Guns N' Roses", None), ("AC/DC", None), ("Sunn O)))", None), ("!!!", None), ("*NSYNC", None),
    ("Panic! at the Disco", None), ("\"Weird Al\" Yankovic", "Yankovic, \"Weird Al\""),
    ("The \"Fabulous\" Thunderbirds", "\"Fabulous\" Thunderbirds, The"), ("Back\\Slash", None),
    ("DJ C:\\Drive", None), ("Yes", None), ("No", None), ("True", None), ("Null", None), ("-M-", None),
    ("? and the Mysterians", None), ("#1 Dads", None), ("[Untitled] Ensemble", None), ("&ME", None),
    ("'Til Tuesday", None), ("Labels:", None), ("`Backtick` Trio", None), ("%Percent", None),
    ("@Home", None), ("Them: Again", None), ("Number #9", None), ("Кино", None), ("Аквариум", None),
    ("ДДТ", None), ("Земфира", None), ("坂本龍一", "Sakamoto, Ryuichi"), ("美空ひばり", "Misora, Hibari"),
    ("宇多田ヒカル", "Utada, Hikaru"), ("はっぴいえんど", "Happy End"), ("椎名林檎", "Shiina, Ringo"),
    ("王菲", "Wong, Faye"), ("김광석", "Kim, Kwang-seok"), ("The Beatles", "Beatles, The"),
    ("The Rolling Stones", "Rolling Stones, The"), ("The Velvet Underground", "Velvet Underground, The"),
    ("Radiohead", None), ("Los Lobos", "Lobos, Los"), ("Les Négresses Vertes", "Négresses Vertes, Les"),
    ("Die Ärzte", "Ärzte, Die"), ("Ólöf Arnalds", "Arnalds, Ólöf"), ("Gölä", None), ("Ñu", None),
    ("Love", None), ("Rock Band", None), ("Alive & Well", None),
]

# ---------------------------------------------------------------- tags

# About 200 tags, most used first (weight 1/(rank + 3)): FREQUENT_TAG is on
# ~23% of albums, and with the other "…rock" tags a `+rock` matches ~35%.
TAGS = [
    "rock", "jazz", "pop", "electronic", "soul", "folk", "hip-hop", "indie", "classical", "funk", "blues",
    "punk", "alternative", "metal", "1970s", "1960s", "1980s", "1990s", "ambient", "country", "reggae",
    "soundtrack", "disco", "house", "favourite", "reissue", "live", "original-pressing", "gatefold",
    "2000s", "1950s", "2010s", "techno", "trip-hop", "drum-and-bass", "dubstep", "garage", "grime", "rap",
    "r&b", "gospel", "bluegrass", "americana", "singer-songwriter", "bossa-nova", "samba", "mpb",
    "tropicália", "salsa", "cumbia", "tango", "fado", "flamenco", "afrobeat", "highlife", "1940s", "2020s",
    "krautrock", "post-rock", "punk-rock", "indie-rock", "prog-rock", "hard-rock", "folk-rock", "art-rock",
    "glam-rock", "psychedelic-rock", "soft-rock", "rock-and-roll", "math-rock", "stoner-rock",
    "space-rock", "garage-rock", "juju", "mbalax", "desert-blues", "rai", "chanson", "chanson-française",
    "schlager", "j-pop", "city-pop", "k-pop", "c-pop", "enka", "cantopop", "bollywood", "qawwali", "raga",
    "gamelan", "ska", "dub", "rocksteady", "dancehall", "ragga", "calypso", "soca", "zouk", "kompa",
    "opera", "baroque", "romantic", "minimalism", "contemporary-classical", "chamber-music", "choral",
    "symphony", "piano", "string-quartet", "free-jazz", "bebop", "hard-bop", "cool-jazz", "modal-jazz",
    "jazz-fusion", "spiritual-jazz", "big-band", "swing", "vocal-jazz", "latin-jazz", "smooth-jazz",
    "shoegaze", "dream-pop", "grunge", "emo", "hardcore", "post-punk", "new-wave", "synth-pop",
    "industrial", "goth", "darkwave", "noise", "drone", "experimental", "avant-garde", "lo-fi",
    "chillwave", "vaporwave", "idm", "electro", "acid-house", "deep-house", "trance", "breakbeat",
    "jungle", "downtempo", "new-age", "world", "celtic", "nordic-folk", "balkan", "klezmer", "polka",
    "musique-concrète", "spoken-word", "comedy", "children", "christmas", "1920s", "1930s",
    "needs cleaning", "needs-new-sleeve", "first pressing", "signed", "sealed", "gift", "wish-list",
    "mono", "stereo", "quadraphonic", "180g", "picture-disc", "coloured-vinyl", "box-set",
    "double-album", "10-inch", "7-inch", "12-inch-single", "ep", "compilation", "bootleg", "promo",
    "test-pressing", "japanese-pressing", "german-pressing", "uk-pressing", "us-pressing", "obi",
    "lent-out", "to-sell", "party", "sunday-morning", "late-night", "road-trip", "rainy-day",
    "danceable", "melancholy", "instrumental", "concept-album", "debut", "masterpiece", "underrated",
]
TAG_WEIGHTS = [1.0 / (rank + 3) for rank in range(len(TAGS))]
TAG_COUNT_WEIGHTS = [10, 14, 16, 16, 14, 11, 8, 6, 5]  # 0..8 tags per album

LABELS = ["Parlophone", "Columbia", "Blue Note", "ECM", "Impulse!", "4AD", "Rough Trade", "Sub Pop",
          "Warp", "Mute", "Factory", "Motown", "Stax", "Island", "Virgin", "Def Jam", "XL", "Matador",
          "Deutsche Grammophon", "Nonesuch", "Verve", "Atlantic", "Elektra", "Chess", "Trojan",
          "Мелодия", "東芝EMI", "Öra Records", "Smalltown Supersound", "Yes: Records", "#Hashtag Recordings"]
NOTES = [
    "Bought at a record fair in Utrecht.", "Slight warp on side B, plays fine.",
    "Gatefold sleeve with the lyric insert.", "A gift from my sister, with a note inside the sleeve.",
    "Ring wear on the cover; vinyl near mint.", "The second pressing, with the corrected track order.",
    "Played to death in the summer of '89.", "Sounds best at a quiet volume, late.",
    "Compare with the CD remaster: the vinyl is warmer.", "Found in a charity shop for €2.",
    "Side A skips once in the third track.", "Catalogue number is on the spine only.",
    "Hype sticker still on the shrink wrap.", "Liner notes by the producer are worth reading.",
    "Cleaned on 2023-04-02 with the wet method.", "Borrowed by Tom, returned without the inner sleeve.",
    "Import copy; the obi strip is intact.", "Listen for the false ending before the last track.",
    "Signed on the back cover at a show in Leeds.", "Heavy 180 g vinyl, very quiet surfaces.",
]
TRACK_SUFFIXES = [" (Live)", " (Reprise)", " (Remastered)", " (Demo)", " - Part II", " (Interlude)",
                  " (Single Version)", ": Overture", " #2", " [Bonus Track]"]
TRACK_SUFFIX_WEIGHTS = [4, 6, 6, 4, 3, 3, 3, 2, 2, 3]

# ---------------------------------------------------------------- YAML and slugs

_INDICATORS = set("-?:,[]{}#&*!|>'\"%@`")
_RESERVED = {"~", "null", "true", "false", "yes", "no", "on", "off", "y", "n"}
_CONTROL = re.compile("[\x00-\x1f\x7f\x85\u2028\u2029\ufeff]")
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def quote(text):
    """`text` as a YAML scalar reading back as exactly `text`: plain unless
    that would read differently, then double-quoted (as rk writes it)."""
    if (not text or text[0].isspace() or text[-1].isspace() or text[-1] == ":" or text[0] in _INDICATORS
            or ": " in text or " #" in text or text.lower() in _RESERVED or _CONTROL.search(text)):
        return '"' + "".join(_ESCAPES.get(c) or (f"\\u{ord(c):04X}" if _CONTROL.match(c) else c)
                             for c in text) + '"'
    return text


# Letters that carry their mark in themselves: rk folds them like this too.
_LETTERS = {"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ð": "d", "ł": "l", "þ": "th", "ı": "i", "ħ": "h"}


def fold(text):
    """Lowercase, diacritics removed: how rk compares and searches text."""
    text = unicodedata.normalize("NFD", text).lower()
    return "".join(_LETTERS.get(c, c) for c in text if unicodedata.category(c) != "Mn")


def slug(artist, title):
    """The folder name rk gives a new album (Sources/RecordKeeper/Album/Slug.swift)."""
    return re.sub(r"[^a-z0-9]+", "-", fold(artist + " " + title)).strip("-")[:80] or "album"


# ---------------------------------------------------------------- generation

def _capitalise(word):
    return word[:1].upper() + word[1:]


def _phrase(words):
    """Title-case words, keeping small words lower except the first."""
    return " ".join(_capitalise(w) if i == 0 or w not in SMALL_WORDS else w for i, w in enumerate(words))


def make_artists(rng, count):
    """`count` distinct (artist, sort_artist) pairs, special names included."""
    chosen, seen = [], set()

    def add(name, sort_artist):
        if name not in seen:
            seen.add(name)
            chosen.append((name, sort_artist))

    for name, sort_artist in SPECIAL_ARTISTS[:max(10, count // 10)]:
        add(name, sort_artist)
    while len(chosen) < count:
        roll = rng.random()
        if roll < 0.50:  # a person; a fifth of them sort by surname
            first, last = rng.choice(FIRST), rng.choice(LAST)
            if rng.random() < 0.01:
                first = f"{first} \"{_capitalise(rng.choice(ORDINARY))}\""
            name = f"{first} {last}"
            if rng.random() < 0.005:
                name = f"{first}\\{last}"
            add(name, f"{last}, {first}" if rng.random() < 0.2 else None)
        elif roll < 0.93:  # a band; "The …" bands mostly sort without the article
            adjective, noun = rng.choice(ADJECTIVES), rng.choice(NOUNS)
            if noun in SINGULAR_SUFFIX:
                name = f"{rng.choice(LAST)} {noun}" if rng.random() < 0.5 else f"{adjective} {noun}"
                add(name, None)
            elif rng.random() < 0.35:
                add(f"The {adjective} {noun}", f"{adjective} {noun}, The" if rng.random() < 0.6 else None)
            else:
                add(f"{adjective} {noun}", None)
        elif roll < 0.965:
            add(f"{rng.choice(CYRILLIC_FIRST)} {rng.choice(CYRILLIC_LAST)}", None)
        else:
            add(rng.choice(CJK_FAMILY) + rng.choice(CJK_GIVEN), None)
    rng.shuffle(chosen)
    return chosen


def make_title(rng):
    if rng.random() < 0.015:
        return rng.choice(SPECIAL_TITLES)
    words = rng.choices(VOCABULARY, cum_weights=TITLE_WEIGHTS, k=rng.choice((1, 1, 2, 2, 2, 3, 3, 4)))
    if len(words) >= 3 and rng.random() < 0.4:
        words[1] = rng.choice(CONNECTORS)
    return _phrase(words)


def make_released(rng):
    """60% YYYY-MM-DD, 15% YYYY-MM, 15% YYYY, 10% none; real calendar dates."""
    roll = rng.random()
    if roll >= 0.9:
        return None
    year = int(rng.triangular(1930, 2026, 1975))
    if roll >= 0.75:
        return f"{year:04d}"
    month = rng.randint(1, 12)
    if roll >= 0.6:
        return f"{year:04d}-{month:02d}"
    return f"{year:04d}-{month:02d}-{rng.randint(1, calendar.monthrange(year, month)[1]):02d}"


def make_tags(rng):
    count = rng.choices(range(9), weights=TAG_COUNT_WEIGHTS)[0]
    tags = []
    while len(tags) < count:
        tag = rng.choices(TAGS, weights=TAG_WEIGHTS)[0]
        if tag not in tags:
            tags.append(tag)
    return tags


def make_tracks(rng):
    count = rng.randint(3, 20)
    lengths = rng.choices((1, 1, 2, 2, 2, 3, 3, 4, 5), k=count)
    words = rng.choices(VOCABULARY, cum_weights=TRACK_WEIGHTS, k=sum(lengths))
    tracks, start = [], 0
    for length in lengths:
        name = _phrase(words[start:start + length])
        start += length
        if rng.random() < 0.02:
            name += rng.choices(TRACK_SUFFIXES, weights=TRACK_SUFFIX_WEIGHTS)[0]
        tracks.append(name)
    return tracks


def album_text(rng, artist, sort_artist):
    """(title, album.md text) for one album by `artist`."""
    title = make_title(rng)
    lines = ["---", "title: " + quote(title), "artist: " + quote(artist)]
    if sort_artist:
        lines.append("sort_artist: " + quote(sort_artist))
    released = make_released(rng)
    if released:
        lines.append("released: " + released)
    if rng.random() < 0.35:
        page = urllib.parse.quote(title.replace(" ", "_"), safe="_()'!,")
        lines.append("wikipedia: " + quote("https://en.wikipedia.org/wiki/" + page))
    tags = make_tags(rng)
    if tags:
        lines.append("tags:")
        lines.extend("- " + quote(tag) for tag in tags)
    roll = rng.random()  # collector's fields: ~7% label, ~6% catalog number, ~10% either
    if roll < 0.07:
        lines.append("label: " + quote(rng.choice(LABELS)))
    if 0.04 < roll < 0.10:
        prefix = rng.choice(["PCS", "BLP", "ECM", "CAD", "SP", "WARP", "LP", "#", ""])
        lines.append("catalog_number: " + quote(f"{prefix} {rng.randint(1, 9999)}".strip()))
    lines += ["---", "", "## Tracks", ""]
    lines.extend(f"{number}. {name}" for number, name in enumerate(make_tracks(rng), 1))
    if rng.random() < 0.3:
        lines += ["", "## Notes", ""]
        lines.extend(rng.sample(NOTES, rng.randint(1, 4)))
    return title, "\n".join(lines) + "\n"


def artist_count(count):
    """About one artist per eight albums (at least 50, at most one per album)."""
    return max(1, min(count, max(50, count // 8)))


def album_artists(rng, artists, count):
    """Which artist makes each of `count` albums: everyone at least once, the
    rest by a long-tail popularity, so the top artists have hundreds at 100k."""
    weights = [1.0 / (rank + 50) for rank in range(len(artists))]
    picks = list(range(min(count, len(artists))))
    picks += rng.choices(range(len(artists)), weights=weights, k=count - len(picks))
    rng.shuffle(picks)
    return [artists[i] for i in picks]


def stamp_text(count):
    return f"{count} {VERSION}\n"


def generate(count, root):
    """Write a collection of `count` albums at `root`, unless the stamp there
    says it is already made. Returns whether it wrote one."""
    stamp = os.path.join(root, ".bench-stamp")
    try:
        with open(stamp, encoding="utf-8") as f:
            if f.read() == stamp_text(count):
                return False
    except OSError:
        pass
    if os.path.lexists(root):
        shutil.rmtree(root)
    rng = random.Random(f"rk-bench-collection:{count}")
    artists = make_artists(rng, artist_count(count))
    os.makedirs(os.path.join(root, ".recordkeeper"))
    os.makedirs(os.path.join(root, "albums"))
    with open(os.path.join(root, ".recordkeeper", "config.yaml"), "w", encoding="utf-8", newline="\n") as f:
        f.write("version: 1\n")
    with open(os.path.join(root, ".recordkeeper", ".gitignore"), "w", encoding="utf-8", newline="\n") as f:
        f.write("local.yaml\n")
    albums = os.path.join(root, "albums")
    used = set()
    for artist, sort_artist in album_artists(rng, artists, count):
        title, text = album_text(rng, artist, sort_artist)
        base = slug(artist, title)
        name, n = base, 2
        while name in used:
            name, n = f"{base}-{n}", n + 1
        used.add(name)
        folder = os.path.join(albums, name)
        os.mkdir(folder)
        with open(os.path.join(folder, "album.md"), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    with open(stamp, "w", encoding="utf-8", newline="\n") as f:
        f.write(stamp_text(count))
    return True


def main(argv):
    if len(argv) != 3 or not argv[1].isdigit() or int(argv[1]) < 1:
        sys.exit(f"usage: {os.path.basename(argv[0])} N DIR   (N albums, N >= 1)")
    made = generate(int(argv[1]), argv[2])
    print(f"{argv[2]}: {'generated' if made else 'up to date'} ({argv[1]} albums)")


if __name__ == "__main__":
    main(sys.argv)
