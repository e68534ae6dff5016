"""Adding an album by look-up in the app (issue 11): "Scan a barcode" with a photo of an
EAN-13 barcode the test draws, MusicBrainz and the Cover Art Archive answered by a fixture
server on loopback (in their documented JSON), and the album added in one commit."""

import json
import threading
import struct
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from harness import AppTestCase, png

# ---- EAN-13 (GS1 General Specifications §5.2.1): the digits' bar patterns, drawn as a PNG.

LEFT_ODD = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
RIGHT = ["".join("1" if bit == "0" else "0" for bit in code) for code in LEFT_ODD]
LEFT_EVEN = [code[::-1] for code in RIGHT]
# Which left-half digits use the even code, by the first digit (which has no bars of its own).
PARITY = ["OOOOOO", "OOEOEE", "OOEEOE", "OOEEEO", "OEOOEE", "OEEOOE", "OEEEOO", "OEOEOE", "OEOEEO", "OEEOEO"]


def check_digit(twelve: str) -> str:
    total = sum(int(digit) * (3 if index % 2 else 1) for index, digit in enumerate(twelve))
    return str((10 - total % 10) % 10)


def ean13_modules(twelve: str) -> str:
    """The 95 modules ('1' a bar) of the twelve digits and their check digit."""
    digits = twelve + check_digit(twelve)
    bits = "101"
    for kind, digit in zip(PARITY[int(digits[0])], digits[1:7]):
        bits += (LEFT_ODD if kind == "O" else LEFT_EVEN)[int(digit)]
    bits += "01010"
    for digit in digits[7:]:
        bits += RIGHT[int(digit)]
    return bits + "101"


def grey_png(width: int, height: int, pixel) -> bytes:
    rows = b"".join(b"\x00" + bytes(pixel(x, y) for x in range(width)) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit greyscale
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def ean13_photo(twelve: str, module: int = 4, margin: int = 60) -> bytes:
    """A photo-like picture of the barcode: light grey paper, dark grey bars, a wide border."""
    bits = ean13_modules(twelve)
    quiet = 11
    width = (len(bits) + 2 * quiet) * module + 2 * margin
    height = 200 + 2 * margin

    def pixel(x, y):
        m = (x - margin) // module - quiet
        inside = margin + 10 <= y < height - margin - 10
        return 30 if inside and 0 <= m < len(bits) and bits[m] == "1" else 225

    return grey_png(width, height, pixel)


# ---- MusicBrainz and the Cover Art Archive, on loopback

RELEASE = "5b1a7e8c-0f6d-4c4e-9a57-1d2a3b4c5d6e"
GROUP = "8e8a6c1b-2b51-3d5e-a7b2-0c1d2e3f4a5b"
BARCODE = "0602498658468"


def release_json(with_tracks=True):
    tracks = [("A1", "So What", 562000), ("A2", "Freddie Freeloader", 586000), ("A3", "Blue in Green", 337000),
              ("B1", "All Blues", 693000), ("B2", "Flamenco Sketches", 566000)]
    medium = {"position": 1, "format": "12\" Vinyl", "title": "", "track-count": len(tracks)}
    if with_tracks:
        medium["track-offset"] = 0
        medium["tracks"] = [
            {"id": f"c0000000-0000-4000-8000-00000000000{i}", "number": n, "position": i + 1, "title": t, "length": l,
             "recording": {"id": f"d0000000-0000-4000-8000-00000000000{i}", "title": t, "length": l}}
            for i, (n, t, l) in enumerate(tracks)]
    return {
        "id": RELEASE, "title": "Kind of Blue", "status": "Official", "date": "1959-08-17", "country": "US",
        "barcode": BARCODE,
        "artist-credit": [{"name": "Miles Davis", "joinphrase": "",
                           "artist": {"id": "a0000000-0000-4000-8000-000000000001", "name": "Miles Davis",
                                      "sort-name": "Davis, Miles"}}],
        "label-info": [{"catalog-number": "CL 1355", "label": {"id": "b0000000-0000-4000-8000-000000000002", "name": "Columbia"}}],
        "release-group": {"id": GROUP, "title": "Kind of Blue", "primary-type": "Album"},
        "media": [medium],
    }


class MusicBrainzFixture(BaseHTTPRequestHandler):
    """Answers as https://musicbrainz.org/ws/2 and https://coverartarchive.org document."""

    seen = []
    cover = png(500, 500, colour=(20, 40, 160))

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", kind="application/json", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        MusicBrainzFixture.seen.append((url.path, query.get("query", [None])[0], self.headers.get("User-Agent")))
        if url.path == "/ws/2/release" and query.get("fmt") == ["json"]:
            found = [dict(release_json(with_tracks=False), score=100)] if query.get("query") == [f"barcode:{BARCODE}"] else []
            body = {"created": "2026-11-23T12:00:00.000Z", "count": len(found), "offset": 0, "releases": found}
            self.send(200, json.dumps(body).encode())
        elif url.path == f"/ws/2/release/{RELEASE}" and query.get("fmt") == ["json"]:
            self.send(200, json.dumps(release_json()).encode())
        elif url.path == f"/release/{RELEASE}/front":
            self.send(307, headers=[("Location", "/images/front.png")])
        elif url.path == "/images/front.png":
            self.send(200, self.cover, kind="image/png")
        else:
            self.send(404, json.dumps({"error": "Not Found"}).encode())


class ScanBarcodeTests(AppTestCase):
    def seed(self, collection):
        collection.add("Blue Train", "John Coltrane", released="1958")
        self.services = ThreadingHTTPServer(("127.0.0.1", 0), MusicBrainzFixture)
        threading.Thread(target=self.services.serve_forever, daemon=True).start()
        self.addCleanup(self.services.server_close)
        self.addCleanup(self.services.shutdown)
        MusicBrainzFixture.seen = []
        url = f"http://127.0.0.1:{self.services.server_address[1]}"
        collection.env.update(RK_MUSICBRAINZ_URL=url, RK_COVERART_URL=url, RK_CONTACT="browser-test@example.org",
                              XDG_CACHE_HOME=str(collection.tmp / "cache"))

    def test_a_photo_of_a_barcode_adds_the_album_with_tracks_and_cover_in_one_commit(self):
        photo = self.collection.tmp / "barcode.png"
        photo.write_bytes(ean13_photo(BARCODE[:12]))
        self.open()
        commits = self.collection.commits()
        self.by_id("add-button").click()
        menu = [item.text for item in self.all("#add-menu .menu-item") if item.is_displayed()]
        self.assertIn("Scan a barcode", menu)
        self.assertIn("Type it in", menu)
        self.screenshot("add-menu")
        self.by_id("add-barcode").click()
        self.assertEqual(self.by_id("lookup-title").text, "Scan a Barcode")
        self.assertFalse(self.driver.execute_script("return 'BarcodeDetector' in window"),
                         "headless Chromium has no BarcodeDetector: the photo is read on the server")
        file_input = self.by_id("barcode-input")
        self.assertEqual(file_input.get_attribute("accept"), "image/*")
        self.assertIsNotNone(file_input.get_attribute("capture"))
        self.driver.execute_script("arguments[0].hidden = false", file_input)
        file_input.send_keys(str(photo))
        self.driver.execute_script("arguments[0].hidden = true", file_input)
        self.wait_for(lambda d: len(self.all("#candidates .candidate")) == 1, "the candidate MusicBrainz found", timeout=20)
        self.assertEqual(self.by_id("lookup-query").get_attribute("value"), BARCODE)
        candidate = self.css("#candidates .candidate")
        self.assertEqual(candidate.find_element("css selector", ".candidate-title").text, "Kind of Blue")
        self.assertEqual(candidate.find_element("css selector", ".candidate-artist").text, "Miles Davis")
        self.assertEqual(candidate.find_element("css selector", ".candidate-details").text, "1959 · US · LP · Columbia CL 1355")
        self.screenshot("barcode-candidates")
        candidate.click()
        self.wait_for(lambda d: self.by_id("details-view").is_displayed() and self.details_title() == "Album Details",
                      "the new album's details", timeout=20)
        self.wait_for(lambda d: d.execute_script(
            "const i = document.getElementById('album-image-img'); return !i.hidden && i.naturalWidth === 400"),
            "the cover from the Cover Art Archive")
        self.screenshot("barcode-added")
        album = self.collection.album("albums/miles-davis-kind-of-blue")
        self.assertEqual((album["title"], album["artist"], album["released"], album["label"], album["catalog_number"],
                          album["barcode"], album["format"], album["musicbrainz"]),
                         ("Kind of Blue", "Miles Davis", "1959-08-17", "Columbia", "CL 1355", BARCODE, "LP", RELEASE))
        self.assertEqual([(t["side"], t["name"], t["duration"]) for t in album["track_list"]][:2],
                         [("Side A", "So What", 562), ("Side A", "Freddie Freeloader", 586)])
        self.assertTrue((self.collection.root / album["cover"]).is_file())
        self.assertEqual(self.collection.commits(), commits + 1, "the album, its tracks and cover in one commit")
        # Every request named Record Keeper and the contact.
        self.assertTrue(all("RecordKeeper/" in agent and "browser-test@example.org" in agent
                            for _, _, agent in MusicBrainzFixture.seen), MusicBrainzFixture.seen)
        self.by_id("cancelButton").click()
        self.wait_for(lambda d: "Kind of Blue" in self.titles(), "the album in the list")
        self.wait_for(lambda d: d.execute_script(
            "const r = [...document.querySelectorAll('.row[data-id]')].find(r => r.dataset.id === 'albums/miles-davis-kind-of-blue');"
            "const i = r && r.querySelector('.thumb img'); return i && !i.hidden && i.naturalWidth === 100"),
            "its cover in the list")
        self.screenshot("barcode-list")

    def test_type_it_in_searches_by_catalog_number_and_keeps_adding_by_hand(self):
        self.open()
        self.by_id("add-button").click()
        self.by_id("add-type").click()
        self.assertEqual(self.by_id("lookup-title").text, "Find the Album")
        self.assertFalse(self.by_id("barcode-section").is_displayed())
        self.by_id("lookup-query").send_keys("no such record")
        self.by_id("lookup-search").click()
        self.wait_for(lambda d: "found no release" in self.by_id("lookup-status").text, "MusicBrainz's empty answer")
        self.screenshot("lookup-none")
        self.by_id("lookup-by-hand").click()
        self.assertEqual(self.details_title(), "Add Album")
