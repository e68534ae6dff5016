"""What every browser test stands on: a fresh collection made by `rk init` and `rk add`,
`rk serve` on a free loopback port, and a headless Chromium driven by Selenium.

Every process runs hermetically (its own HOME, XDG_CONFIG_HOME and empty git
configuration), like TestSupport's `hermeticEnvironment` for the Swift tests.
`RK_BIN_DIR` names the folder of the built `rk` and `rk-serve` (the Makefile
passes `swift build --show-bin-path`); screenshots go to `RK_SCREENSHOTS`.
"""

import json
import os
import re
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import unittest
import urllib.request
import zlib
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
BIN_DIR = Path(os.environ.get("RK_BIN_DIR") or ROOT / ".build" / "debug")
RK = BIN_DIR / "rk"
SCREENSHOTS = Path(os.environ.get("RK_SCREENSHOTS") or ROOT / ".build" / "screenshots")
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
PHONE = (390, 844)
DESKTOP = (1280, 800)


def hermetic_environment(home: Path) -> dict:
    config = home / ".config"
    config.mkdir(parents=True, exist_ok=True)
    git_config = home / ".gitconfig"
    git_config.touch()
    env = dict(os.environ)
    for key in ["RK_COLLECTION", "NO_COLOR", "VISUAL", "EDITOR", "PAGER", "GIT_DIR", "GIT_WORK_TREE",
                "GIT_INDEX_FILE", "SSH_AUTH_SOCK"]:
        env.pop(key, None)
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(config), GIT_CONFIG_GLOBAL=str(git_config),
               GIT_CONFIG_NOSYSTEM="1")
    return env


def png(width: int, height: int, colour=(200, 60, 40)) -> bytes:
    """A small PNG photo (a colour gradient), made here so no test needs an image file."""
    rows = b""
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            row += bytes([colour[0], (colour[1] + x * 3) % 256, (colour[2] + y * 3) % 256])
        rows += bytes(row)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def network_address():
    """This machine's address on its network (not loopback), or None when it has none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            address = s.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Collection:
    """A temporary collection: `rk init`, then albums added with `rk add`."""

    def __init__(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="rk-browser-"))
        self.env = hermetic_environment(self.tmp / "home")
        self.root = self.tmp / "records"
        self.rk("init", str(self.root), collection=False)

    def rk(self, *args, collection=True, check=True) -> str:
        command = [str(RK)] + (["-C", str(self.root)] if collection else []) + list(args)
        done = subprocess.run(command, env=self.env, capture_output=True, text=True, timeout=60)
        if check and done.returncode != 0:
            raise AssertionError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr}")
        return done.stdout

    def add(self, title, artist, released=None, tracks=(), tags=(), sort_artist=None) -> str:
        args = ["add", "--title", title, "--artist", artist]
        if released:
            args += ["--released", released]
        if sort_artist:
            args += ["--sort-artist", sort_artist]
        for track in tracks:
            args += ["--track", track]
        for tag in tags:
            args += ["--tag", tag]
        return self.rk(*args).strip()

    def album(self, album_id: str) -> dict:
        return json.loads(self.rk("show", album_id, "--json"))

    def ids(self) -> list:
        return [a["id"] for a in json.loads(self.rk("list", "--json"))]

    def commits(self) -> int:
        done = subprocess.run(["git", "-C", str(self.root), "rev-list", "--count", "HEAD"], env=self.env,
                              capture_output=True, text=True, check=True)
        return int(done.stdout)

    def remove(self):
        shutil.rmtree(self.tmp, ignore_errors=True)


class Server:
    """`rk serve` on a free loopback port, over one collection."""

    def __init__(self, collection: Collection, host: str = None, port: int = None):
        """On loopback by default; on `host` (a network address) the URL is the one rk serve
        prints, access token included. `port` starts it again where a stopped one was."""
        self.collection = collection
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = open(collection.tmp / "serve.log", "w+")
        command = [str(RK), "-C", str(collection.root), "serve", "--port", str(self.port)]
        self.process = subprocess.Popen(command + (["--host", host] if host else []),
                                        env=collection.env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while True:
            if host:
                self.log.seek(0)
                printed = re.search(r"http://\S+/\?token=\S+", self.log.read())
                if printed:
                    self.url = printed.group(0)
                    return
            else:
                try:
                    with urllib.request.urlopen(self.url + "api/status", timeout=2) as answer:
                        if answer.status == 200:
                            return
                except OSError:
                    pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.log.seek(0)
                raise AssertionError(f"rk serve did not start: {self.log.read()}")
            time.sleep(0.1)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def make_driver(size=PHONE, profile: Path = None):
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--no-first-run", "--disable-extensions", "--hide-scrollbars",
                     f"--window-size={size[0]},{size[1]}"]:
        options.add_argument(argument)
    if profile:
        options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    # The page's own viewport is exactly the phone's (or the desktop's), whatever the window chrome.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size == PHONE})
    return driver


class AppTestCase(unittest.TestCase):
    """A fresh collection, a server and a phone-size browser for each test."""

    size = PHONE
    host = None  # loopback; a network address serves with a token, as on a home network

    def setUp(self):
        self.collection = Collection()
        self.addCleanup(self.collection.remove)
        self.seed(self.collection)
        self.server = Server(self.collection, host=self.host)
        self.addCleanup(self.server.stop)
        self.driver = make_driver(self.size, self.collection.tmp / "chromium")
        self.addCleanup(self.driver.quit)
        self.alerts = []

    def seed(self, collection: Collection):
        """The albums each test starts with; tests override it for their own."""

    # ---- Helpers

    def open(self, path=""):
        self.driver.get(self.server.url + path)
        self.wait_for(lambda d: d.execute_script(
            "return document.body.dataset.ready === 'true' && !document.getElementById('splash')"), "the splash screen to end")

    def wait_for(self, condition, what, timeout=10):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05,
                                 ignored_exceptions=[StaleElementReferenceException]).until(condition)
        except TimeoutException:
            self.fail(f"waited {timeout} s for {what}; browser log: {self.browser_log()}")

    def browser_log(self):
        try:
            return [entry["message"] for entry in self.driver.get_log("browser")]
        except Exception:
            return []

    def css(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def all(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def by_id(self, element_id):
        return self.driver.find_element(By.ID, element_id)

    def titles(self):
        """The titles of the list rows drawn, top to bottom."""
        return self.driver.execute_script("""
            return [...document.querySelectorAll('#album-list .row[data-id]')]
              .sort((a, b) => a.offsetTop - b.offsetTop)
              .map(r => r.querySelector('.row-title').textContent);""")

    def wait_for_titles(self, expected, what=None):
        self.wait_for(lambda d: self.titles() == expected, what or f"the list to show {expected} (it shows {self.titles()})")

    def row(self, title):
        for row in self.all("#album-list .row[data-id]"):
            if row.find_element(By.CSS_SELECTOR, ".row-title").text == title:
                return row
        self.fail(f"no row titled {title!r} in {self.titles()}")

    def tap_outside(self):
        """A tap near the bottom left corner, outside any popup."""
        backdrop = self.by_id("popup-backdrop")
        size = backdrop.size
        ActionChains(self.driver).move_to_element_with_offset(
            backdrop, -size["width"] // 2 + 10, size["height"] // 2 - 10).click().perform()

    def screenshot(self, name):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(SCREENSHOTS / f"{name}-{self.size[0]}x{self.size[1]}.png"))

    def details_title(self):
        return self.by_id("details-title").text

    def details_loaded(self, title):
        """Whether the details view shows `title` (Album Details, Edit Album, …) with the server's copy in."""
        return (self.by_id("details-view").is_displayed() and self.details_title() == title
                and self.by_id("details-view").get_attribute("aria-busy") == "false")

    def open_album(self, title, load=True):
        """The details of the album titled `title`, tapped in the list (the app is opened first
        unless `load` is False)."""
        if load:
            self.open()
        self.wait_for(lambda d: title in self.titles(), f"{title} in the list")
        self.row(title).find_element(By.CSS_SELECTOR, ".row-content").click()
        self.wait_for(lambda d: self.details_loaded("Album Details"), f"the details of {title}")

    def open_editor(self, title="Kind of Blue"):
        """The Edit Album view of the album titled `title`, through its details and Edit."""
        self.open_album(title)
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: self.details_loaded("Edit Album"), "the edit view")

    def choose_file(self, input_id, path):
        """Chooses `path` in the hidden file input `input_id`, as the system's picker would."""
        file_input = self.by_id(input_id)
        self.driver.execute_script("arguments[0].hidden = false", file_input)
        file_input.send_keys(str(path))
        self.driver.execute_script("arguments[0].hidden = true", file_input)
        return file_input

    def choose_photo(self, path, width):
        """Chooses the cover `path` (`width` px wide) in the open Add or Edit view and waits for its preview."""
        self.choose_file("photo-input", path)
        self.wait_for(lambda d: d.execute_script(
            "const i = document.getElementById('album-image-img'); return !i.hidden && i.naturalWidth === arguments[0]", width),
            "the photo's preview")
