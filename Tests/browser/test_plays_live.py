"""The details view's plays follow plays recorded elsewhere (issue 21 point 1's leftover): while an
album is open, `rk play` on the command line (or another client) records a play, and the change
event the server sends redraws the album's plays without reopening it."""

import unittest

import test_plays
from harness import DESKTOP


class LivePlaysTests(test_plays.PlaysTests):
    def test_a_play_recorded_elsewhere_shows_in_the_open_album(self):
        self.open()
        self.open_album("Kind of Blue")
        self.wait_for(lambda d: self.by_id("plays-summary").text == "Not played yet.", "no plays yet")
        self.collection.rk("play", self.kind, "--at", "2026-01-02 21:30", "--side", "A")
        self.wait_for(lambda d: self.by_id("plays-summary").text.startswith("Played once"), "the play from rk play")
        self.assertIn("2026-01-02 21:30", self.by_id("plays-list").text)
        self.collection.rk("play", self.kind, "--at", "2026-01-03 08:00")
        self.wait_for(lambda d: self.by_id("plays-summary").text.startswith("Played 2 times"), "the second play")
        self.assertEqual(self.details_title(), "Album Details")
        self.screenshot("album-plays-live")


# Only the new test: the inherited ones run in test_plays.py.
for name in ("test_played_it_with_a_side_is_one_commit_and_listed", "test_the_stats_screen_draws_charts"):
    setattr(LivePlaysTests, name, None)


class DesktopLivePlaysTests(LivePlaysTests):
    size = DESKTOP


if __name__ == "__main__":
    unittest.main()
