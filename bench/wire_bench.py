#!/usr/bin/env python3
"""Bytes on the wire of the app's offline copy (issue 30), for server_bench.py.

`wire_bench.py URL COLLECTION` puts a relay that counts every byte both ways in front of a running
`rk serve` at URL (serving COLLECTION), opens the app through it in headless Chromium with a fresh
profile, and prints one line of JSON:
- `first_load`: bytes until the app is shown and its offline copy is whole (the service worker's
  requests count too: they pass the relay like the page's);
- `hand_edit`: bytes from a line appended to one `album.md` until the open app has shown it and its
  copy holds it, with `hand_edit_requests` the requests that took;
- `album_md`: the size of every `album.md` in COLLECTION, the goal's yardstick.
Goals (docs/app.md, "Goals at any size"): `first_load` at most 1.5x `album_md`; `hand_edit` under 200 KB.
Runs with the virtualenv of the browser tests (Selenium; `make venv browser-deps`).
"""
import asyncio
import json
import os
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "browser"))
from harness import make_driver  # noqa: E402


class Relay:
    """A TCP relay on a free loopback port to `host:port`, counting bytes and connections."""

    def __init__(self, host, port):
        self.target = (host, port)
        self.bytes = 0
        self.requests = 0
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        threading.Thread(target=self._run, args=(ready,), daemon=True).start()
        ready.wait()

    def _run(self, ready):
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(asyncio.start_server(self._connection, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        ready.set()
        self.loop.run_forever()

    async def _pipe(self, reader, writer, upstream):
        try:
            while data := await reader.read(65536):
                self.bytes += len(data)
                if upstream:
                    self.requests += data.count(b" HTTP/1.1\r\n")
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()

    async def _connection(self, reader, writer):
        try:
            server_reader, server_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        await asyncio.gather(self._pipe(reader, server_writer, True), self._pipe(server_reader, writer, False))


def wait(condition, what, timeout=300):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise RuntimeError(f"waited {timeout} s for {what}")


COPY_VERSION = """
const done = arguments[arguments.length - 1];
caches.open('rk-2-copy').then((cache) => cache.match('/offline-copy.json'))
  .then((response) => response ? response.json() : null)
  .then((copy) => done(copy ? copy.version + ' ' + copy.albums.length : null), () => done(null));
"""


def quiet(relay, seconds=2.0):
    """Waits until no byte has moved for `seconds`."""
    last, since = relay.bytes, time.monotonic()
    while time.monotonic() - since < seconds:
        time.sleep(0.1)
        if relay.bytes != last:
            last, since = relay.bytes, time.monotonic()


def measure(url, collection):
    parsed = urllib.parse.urlsplit(url)
    relay = Relay(parsed.hostname, parsed.port)
    files = sorted(Path(collection).rglob("album.md"))
    album_md = sum(f.stat().st_size for f in files)
    with tempfile.TemporaryDirectory(prefix="rk-wire-bench-") as profile:
        driver = make_driver(profile=Path(profile))
        try:
            driver.set_script_timeout(60)
            driver.get(f"http://127.0.0.1:{relay.port}/")
            wait(lambda: driver.execute_script("return !!document.querySelector('#album-list .row[data-id]')"), "the rows")
            copy = lambda: driver.execute_async_script(COPY_VERSION)  # noqa: E731
            wait(lambda: copy() is not None and copy().endswith(f" {len(files)}"), "the whole offline copy")
            quiet(relay)
            first_load = relay.bytes
            before = copy()
            requests = relay.requests
            with open(files[len(files) // 2], "a", encoding="utf-8") as file:
                file.write("\nA line added by hand.\n")
            wait(lambda: copy() != before, "the hand edit in the offline copy", timeout=120)
            quiet(relay)
            hand_edit, hand_edit_requests = relay.bytes - first_load, relay.requests - requests
        finally:
            driver.quit()
    return {"first_load": first_load, "hand_edit": hand_edit, "hand_edit_requests": hand_edit_requests, "album_md": album_md}


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1], sys.argv[2])))
