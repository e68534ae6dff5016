"""Plays and statistics in the app (docs/commands.md, "Plays and statistics", issue 21 points 1 and 2): "Played it" on the
details view with a side picker (one POST, one commit, the play listed under it), and the Stats
screen reached from the Lists menu, its charts drawn as SVG."""

import unittest

from selenium.webdriver.common.by import By

from harness import DESKTOP, AppTestCase


def seed_plays(collection):
    kind = collection.add("Kind of Blue", "Miles Davis", "1959-08-17", tags=["jazz", "modal"])
    collection.rk("track", "add", kind, "So What", "--side", "A")
    collection.rk("track", "add", kind, "All Blues", "--side", "B")
    collection.add("Revolver", "The Beatles", "1966-08-05", tags=["rock"])
    collection.add("Paranoid", "Black Sabbath", "1970", tags=["metal", "rock"])
    collection.rk("set", kind, "--format", "LP", "--rating", "5")
    return kind


class PlaysTests(AppTestCase):
    def seed(self, collection):
        self.kind = seed_plays(collection)

    def open_album(self, title):
        self.wait_for(lambda d: title in self.titles(), f"{title} in the list")
        self.row(title).find_element(By.CSS_SELECTOR, ".row-content").click()
        self.wait_for(lambda d: self.by_id("details-view").is_displayed() and self.details_title() == "Album Details",
                      f"the details of {title}")
        self.wait_for(lambda d: self.by_id("plays-section").is_displayed(), "the plays section")

    def test_played_it_with_a_side_is_one_commit_and_listed(self):
        self.open()
        self.open_album("Kind of Blue")
        self.wait_for(lambda d: self.by_id("plays-summary").text == "Not played yet.", "no plays yet")
        chips = self.all("#plays-sides label")
        self.assertEqual([chip.text for chip in chips], ["Side A", "Side B"])
        commits = self.collection.commits()
        chips[1].click()
        self.screenshot("played-it")
        self.by_id("played-button").click()
        self.wait_for(lambda d: self.by_id("plays-summary").text.startswith("Played once"), "the play counted")
        self.assertEqual(self.collection.commits(), commits + 1, "one commit for the play")
        self.assertIn("side B", self.by_id("plays-list").text)
        played = self.collection.rk("plays", self.kind)
        self.assertIn(self.kind + " · side B", played)
        self.screenshot("album-plays")

    def test_the_stats_screen_draws_charts(self):
        self.collection.rk("play", self.kind, "--at", "2026-01-01 10:00")
        self.open()
        self.by_id("menu-button").click()
        self.wait_for(lambda d: self.by_id("open-stats").is_displayed(), "Stats in the Lists menu")
        self.by_id("open-stats").click()
        self.wait_for(lambda d: self.by_id("stats-view").is_displayed(), "the Stats screen")
        self.wait_for(lambda d: len(self.all("#stats-body svg.stats-chart")) >= 4, "the charts")
        self.assertIn("3\nowned", self.by_id("stats-body").text)
        titles = [t.get_attribute("textContent") for t in self.all("#stats-body svg > title")]
        self.assertTrue(any(t.startswith("Albums by decade: 1950s 1, 1960s 1, 1970s 1") for t in titles), titles)
        self.assertTrue(any(t.startswith("Most played albums: Kind of Blue 1") for t in titles), titles)
        bars = self.all("#stats-body rect.stats-bar")
        self.assertTrue(all(bar.size["width"] > 0 for bar in bars))
        self.screenshot("stats")
        self.by_id("stats-back").click()
        self.wait_for(lambda d: not self.by_id("stats-view").is_displayed(), "the Stats screen to close")


class DesktopPlaysTests(PlaysTests):
    size = DESKTOP


if __name__ == "__main__":
    unittest.main()
