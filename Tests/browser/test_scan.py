"""Adding an album by look-up in the app (issue 11): "Scan a barcode" with a photo of an
EAN-13 barcode the test draws, MusicBrainz and the Cover Art Archive answered by a fixture
server on loopback (in their documented JSON), and the album added in one commit."""

import json
import threading
import struct
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

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
            asked = query.get("query", [""])[0]
            # By barcode ("Scan a barcode"), or by artist and title (the release a sleeve's scan looks for).
            matches = asked == f"barcode:{BARCODE}" or ("kind of blue" in asked.lower() and "miles davis" in asked.lower())
            found = [dict(release_json(with_tracks=False), score=100)] if matches else []
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


class ServicesTestCase(AppTestCase):
    """rk serve with MusicBrainz and the Cover Art Archive on loopback."""

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


class ScanBarcodeTests(ServicesTestCase):
    def test_a_photo_of_a_barcode_adds_the_album_with_tracks_and_cover_in_one_commit(self):
        photo = self.collection.tmp / "barcode.png"
        photo.write_bytes(ean13_photo(BARCODE[:12]))
        self.open()
        commits = self.collection.commits()
        self.by_id("add-button").click()
        self.assertEqual(self.details_title(), "Add Album")
        looks = [item.get_attribute("aria-label") for item in self.all("#add-lookup .lookup-chip") if item.is_displayed()]
        self.assertIn("Scan a barcode", looks)
        self.assertIn("Look it up on MusicBrainz", looks)
        self.screenshot("add-lookups")
        self.by_id("add-lookup-barcode").click()
        self.assertEqual(self.by_id("lookup-title").text, "Scan a Barcode")
        self.assertFalse(self.driver.execute_script("return 'BarcodeDetector' in window"),
                         "headless Chromium has no BarcodeDetector: the photo is read on the server")
        file_input = self.by_id("barcode-input")
        self.assertEqual(file_input.get_attribute("accept"), "image/*")
        self.assertIsNotNone(file_input.get_attribute("capture"))
        self.choose_file("barcode-input", photo)
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
        # The phone's back button closes the screen, back to the Add view under it.
        self.by_id("add-button").click()
        self.by_id("add-lookup-type").click()
        self.assertTrue(self.by_id("lookup-view").is_displayed())
        self.driver.back()
        self.wait_for(lambda d: not self.by_id("lookup-view").is_displayed(), "back to close the look-up screen")
        self.assertEqual(self.details_title(), "Add Album")
        self.assertTrue(self.driver.current_url.startswith(self.server.url))
        self.by_id("add-lookup-type").click()
        self.assertEqual(self.by_id("lookup-title").text, "Find the Album")
        self.assertFalse(self.by_id("barcode-section").is_displayed())
        self.by_id("lookup-query").send_keys("no such record")
        self.by_id("lookup-search").click()
        self.wait_for(lambda d: "found no release" in self.by_id("lookup-status").text, "MusicBrainz's empty answer")
        self.screenshot("lookup-none")
        self.by_id("lookup-by-hand").click()
        self.assertEqual(self.details_title(), "Add Album")


# ---- Anthropic's Messages API (https://docs.anthropic.com/en/api/messages), on loopback

IDENTIFICATION = {"album_title": "Kind of Blue", "artist_name": "Miles Davis", "release_year": "1959"}
REVIEW = dict(IDENTIFICATION, genres=["jazz", "modal jazz"], record_label="Columbia",
              context_summary="The best-selling jazz album of all time, and the record that made modal jazz a language.",
              context_bullets=["Rolling Stone: five stars", "Certified 5x platinum in the US",
                               "Bill Evans' voicings shaped a generation of pianists"],
              rating=10, recommendation="ESSENTIAL", key_tracks=["So What", "Blue in Green", "All Blues"])


class AnthropicFixture(BaseHTTPRequestHandler):
    """POST /v1/messages: the sleeve's identification when the turn holds an image, else the review;
    `x-api-key: unknown` is a sleeve the model cannot tell. A second's wait shows the pre-loader."""

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
        if self.path != "/v1/messages" or self.headers.get("anthropic-version") != "2023-06-01":
            answer, status = {"type": "error", "error": {"type": "invalid_request_error", "message": "bad request"}}, 400
        else:
            content = body.get("messages", [{}])[0].get("content", [])
            photo = any(block.get("type") == "image" for block in content)
            if photo:
                time.sleep(1)
            unknown = self.headers.get("x-api-key") == "unknown"
            text = json.dumps({"album_title": None, "artist_name": None} if unknown and photo else IDENTIFICATION if photo else REVIEW)
            answer, status = {"id": "msg_01", "type": "message", "role": "assistant", "model": body.get("model"),
                              "content": [{"type": "text", "text": text}], "stop_reason": "end_turn",
                              "usage": {"input_tokens": 1000, "output_tokens": 200}}, 200
        data = json.dumps(answer).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class ScanSleeveTests(ServicesTestCase):
    key = "test-key"  # the fixture model names the sleeve

    def seed(self, collection):
        super().seed(collection)
        self.model = ThreadingHTTPServer(("127.0.0.1", 0), AnthropicFixture)
        threading.Thread(target=self.model.serve_forever, daemon=True).start()
        self.addCleanup(self.model.server_close)
        self.addCleanup(self.model.shutdown)
        collection.env.update(ANTHROPIC_API_KEY=self.key, RK_ANTHROPIC_URL=f"http://127.0.0.1:{self.model.server_address[1]}")

    def scan_photo(self):
        photo = self.collection.tmp / "sleeve.png"
        photo.write_bytes(png(300, 300))
        file_input = self.by_id("sleeve-input")
        self.assertEqual(file_input.get_attribute("accept"), "image/*")
        self.assertIsNotNone(file_input.get_attribute("capture"))
        self.choose_file("sleeve-input", photo)

    def open_scanner(self):
        self.by_id("add-button").click()
        self.wait_for(lambda d: self.by_id("add-lookup-sleeve").is_displayed(), "Scan a sleeve in the Add view")
        self.by_id("add-lookup-sleeve").click()
        self.assertTrue(self.by_id("sleeve-camera").is_displayed())

    def test_a_sleeve_is_identified_put_on_the_wantlist_and_its_scan_deleted_from_the_history(self):
        self.open()
        commits = self.collection.commits()
        self.open_scanner()
        self.assertFalse(self.by_id("sleeve-history-button").is_displayed(), "no history icon before the first scan")
        self.screenshot("sleeve-camera")
        self.scan_photo()
        self.wait_for(lambda d: self.by_id("sleeve-loading").is_displayed(), "the pre-loader")
        self.assertEqual(self.by_id("sleeve-loading").text, "Identifying album...")
        self.screenshot("sleeve-loading")
        self.wait_for(lambda d: self.by_id("sleeve-details").is_displayed(), "the album details", timeout=20)
        self.assertEqual(self.by_id("sleeve-album").text, "Kind of Blue")
        self.assertEqual(self.by_id("sleeve-artist").text, "Miles Davis")
        self.assertEqual(self.by_id("sleeve-badge").text, "💎 ESSENTIAL")
        self.assertEqual(self.by_id("sleeve-rating").text, "Rating: 10/10")
        self.assertEqual(len(self.all("#sleeve-bullets li")), 3)
        self.assertEqual([li.text for li in self.all("#sleeve-tracks li")], ["So What", "Blue in Green", "All Blues"])
        self.wait_for(lambda d: d.execute_script(
            "const i = document.getElementById('sleeve-art-img'); return !i.hidden && i.naturalWidth === 400"),
            "the artwork from the Cover Art Archive")
        self.assertTrue(self.by_id("sleeve-history-button").is_displayed(), "the history icon after a scan")
        self.screenshot("sleeve-details")
        self.assertEqual(self.collection.commits(), commits, "a scan changes no album")
        self.by_id("sleeve-want").click()
        self.wait_for(lambda d: self.by_id("details-view").is_displayed() and self.details_title() == "Album Details",
                      "the album's details", timeout=20)
        album = self.collection.album("albums/miles-davis-kind-of-blue")
        self.assertEqual(album["status"], "wanted")
        self.assertIsNotNone(album["cover"])
        self.assertIn("## Context", (self.collection.root / "albums/miles-davis-kind-of-blue/album.md").read_text())
        self.assertEqual(self.collection.commits(), commits + 1)
        self.by_id("cancelButton").click()
        # The history: one scan, swiped left and deleted.
        self.open_scanner()
        self.by_id("sleeve-history-button").click()
        self.wait_for(lambda d: len(self.all("#sleeve-history-list .scan-row")) == 1, "the scan in the history")
        row = self.css("#sleeve-history-list .scan-row")
        self.assertIn("Kind of Blue", row.text)
        self.assertIn("Miles Davis", row.text)
        self.wait_for(lambda d: d.execute_script(
            "const i = document.querySelector('.scan-row .thumb img'); return i && !i.hidden && i.naturalWidth === 100"),
            "the scan's thumbnail")
        self.screenshot("sleeve-history")
        content = row.find_element(By.CSS_SELECTOR, ".scan-row-content")
        actions = ActionChains(self.driver, duration=20).move_to_element_with_offset(
            content, content.size["width"] // 2 - 10, 0).click_and_hold()
        for _ in range(6):
            actions.move_by_offset(-20, 0)
        actions.release().perform()
        self.wait_for(lambda d: row.find_element(By.CSS_SELECTOR, ".scan-delete").is_displayed()
                      and "open" in row.get_attribute("class"), "Delete after a swipe left")
        time.sleep(0.3)  # the row's slide
        self.screenshot("sleeve-history-swiped")
        row.find_element(By.CSS_SELECTOR, ".scan-delete").click()
        self.by_id("confirm-ok").click()
        self.wait_for(lambda d: self.by_id("sleeve-history-empty").is_displayed(), "the empty history")
        self.assertEqual(self.by_id("sleeve-history-empty").text, "Scan your first album to begin")
        self.assertEqual(self.collection.commits(), commits + 1, "deleting a scan changes no album")



class NoMatchTests(ScanSleeveTests):
    key = "unknown"  # the fixture model cannot tell the sleeve

    test_a_sleeve_is_identified_put_on_the_wantlist_and_its_scan_deleted_from_the_history = None

    def test_a_sleeve_the_model_cannot_tell_is_couldnt_find_a_match_with_try_again(self):
        self.open()
        self.open_scanner()
        self.scan_photo()
        self.wait_for(lambda d: self.by_id("sleeve-error").is_displayed(), "the scan error", timeout=20)
        self.assertEqual(self.by_id("sleeve-error-title").text, "Couldn't find a match")
        self.screenshot("sleeve-no-match")
        self.by_id("sleeve-retry").click()
        self.assertTrue(self.by_id("sleeve-camera").is_displayed())
        self.driver.back()
        self.wait_for(lambda d: not self.by_id("sleeve-view").is_displayed(), "back to close the scanner")
        self.assertTrue(self.by_id("album-list").is_displayed())
