"""Favourite tracks and suggestions in the app (docs/commands.md, "Favourite tracks", "Suggestions", seed 004; issue 21 points 3 and 4):
the star on each track of the details view, saved at once as one commit that merges with a hand
edit made meanwhile; the Favourites screen; Play Next with its reasons."""

import json
import unittest

from harness import AppTestCase, DESKTOP


def seed_favourites(collection):
    collection.add("Kind of Blue", "Miles Davis", "1959-08-17", tracks=["So What (9:22)", "Freddie Freeloader", "Blue in Green"],
                   tags=["jazz", "modal"])
    collection.add("A Love Supreme", "John Coltrane", "1965", tracks=["Acknowledgement"], tags=["jazz", "modal"])
    collection.add("Pink Moon", "Nick Drake", "1972", tracks=["Pink Moon"], tags=["folk"])


class FavouriteTests(AppTestCase):
    def seed(self, collection):
        seed_favourites(collection)

    def kind_of_blue(self):
        return next(i for i in self.collection.ids() if i.endswith("kind-of-blue"))

    def stars(self):
        return [b.get_attribute("aria-pressed") for b in self.all("#track-list .track-star")]

    def open_from_menu(self, item, view):
        self.by_id("menu-button").click()
        self.wait_for(lambda d: self.by_id(item).is_displayed(), f"{item} in the Lists menu")
        self.by_id(item).click()
        self.wait_for(lambda d: self.by_id(view).is_displayed(), view)

    def test_a_star_is_saved_at_once_and_merges_with_a_hand_edit(self):
        album = self.kind_of_blue()
        self.open("#/album/" + album)
        self.wait_for(lambda d: len(self.stars()) == 3, "a star on each track")
        self.assertEqual(self.stars(), ["false", "false", "false"])
        # A hand edit made after the page was shown: track 1 renamed; the star must keep it.
        path = self.collection.root / album / "album.md"
        path.write_text(path.read_text().replace("1. So What (9:22)", "1. So What, Take 3 (9:22)"))
        commits = self.collection.commits()
        self.all("#track-list .track-star")[2].click()
        self.wait_for(lambda d: self.stars() == ["false", "false", "true"], "the third track starred")
        self.screenshot("favourite-star")
        text = path.read_text()
        self.assertIn("3. Blue in Green ★\n", text)
        self.assertIn("1. So What, Take 3 (9:22)\n", text, "the hand edit kept")
        self.assertEqual(self.collection.commits(), commits + 2, "the hand edit committed alone, then the star")
        self.assertEqual([t["favourite"] for t in self.collection.album(album)["track_list"]], [False, False, True])
        # Tapped again: the star goes, one more commit.
        self.all("#track-list .track-star")[2].click()
        self.wait_for(lambda d: self.stars() == ["false", "false", "false"], "the star taken off")
        self.assertIn("3. Blue in Green\n", path.read_text())

    def test_favourites_lists_every_starred_track_and_opens_its_album(self):
        album = self.kind_of_blue()
        self.collection.rk("track", "fav", album, "1")
        self.open()
        self.open_from_menu("open-favourites", "favourites-view")
        self.wait_for(lambda d: len(self.all("#favourites-view-list .favourite-row")) == 1, "one favourite")
        row = self.all("#favourites-view-list .favourite-row")[0]
        self.assertIn("★ So What", row.text)
        self.assertIn("Kind of Blue · Miles Davis", row.text)
        self.assertIn("9:22", row.text)
        self.screenshot("favourites")
        row.click()
        self.wait_for(lambda d: self.by_id("details-view").is_displayed() and "Kind of Blue" in self.by_id("details-view").text,
                      "the album opened from Favourites")
        self.assertFalse(self.by_id("favourites-view").is_displayed())

    def test_play_next_shows_the_suggestions_with_their_reasons(self):
        self.collection.rk("track", "fav", self.kind_of_blue(), "1")
        self.open()
        self.open_from_menu("open-play-next", "play-next-view")
        self.wait_for(lambda d: len(self.all("#play-next-view-list .favourite-row")) == 3, "three suggestions")
        rows = self.all("#play-next-view-list .favourite-row")
        self.assertIn("A Love Supreme", rows[0].text)
        self.assertIn("shares #jazz with Kind of Blue; never played", rows[0].text)
        self.screenshot("play-next")
        self.by_id("play-next-view-back").click()
        self.wait_for(lambda d: not self.by_id("play-next-view").is_displayed(), "Play Next closed")


class FavouriteDesktopTests(FavouriteTests):
    size = DESKTOP


if __name__ == "__main__":
    unittest.main()
