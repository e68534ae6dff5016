"""The app's Save merges into the file as it is now (docs/merging.md, "The app's save is the same merge", issue 18 point 1).

Whatever changed in album.md while the edit view was open (a hand edit, another
`rk` command) is kept; a field changed both ways is shown side by side to choose.
"""

import re
import unittest

from harness import AppTestCase, png

ID = "albums/miles-davis-kind-of-blue"


class SaveMergeTests(AppTestCase):
    def seed(self, collection):
        collection.add("Kind of Blue", "Miles Davis", "1959-08-17",
                       tracks=["So What", "Freddie Freeloader", "Blue in Green"], tags=["jazz"])
        collection.add("Homogenic", "Björk", "1997-09-22", tags=["electronic"])

    def album_file(self):
        return self.collection.root / ID / "album.md"

    def test_save_keeps_a_hand_edit_a_hand_added_track_and_a_cli_tag(self):
        self.open_editor()
        # Meanwhile, in a text editor and a terminal:
        text = self.album_file().read_text()
        text = text.replace("title: Kind of Blue\n", "title: Kind of Blue\nlabel: Columbia\n", 1)
        text, added = re.subn(r"(3\. Blue in Green\n)", r"\g<1>4. Flamenco Sketches\n", text)
        self.assertEqual(added, 1, text)
        self.album_file().write_text(text)
        self.collection.rk("tag", "add", "miles-davis-kind-of-blue", "cli-tag")
        # In the app: a word added to the title, then Save.
        self.by_id("field-title").send_keys(" Remastered")
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "the saved album")
        album = self.collection.album(ID)
        self.assertEqual(album["title"], "Kind of Blue Remastered")
        self.assertEqual(album.get("label"), "Columbia", "the hand-edited label is kept")
        self.assertEqual(album["tracks"][-1], "Flamenco Sketches", "the hand-added track is kept")
        self.assertIn("cli-tag", album["tags"], "the tag from the command line is kept")
        self.assertIn("jazz", album["tags"])
        self.screenshot("save-merged")

    def test_a_field_changed_both_ways_is_shown_side_by_side_to_choose(self):
        self.open_editor()
        self.collection.rk("set", "miles-davis-kind-of-blue", "--title", "Kind of Blue (CLI)")
        self.collection.rk("set", "miles-davis-kind-of-blue", "--label", "Columbia")
        commits = self.collection.commits()
        self.by_id("field-title").send_keys(" (App)")
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: self.all("#save-conflicts .conflict-field"), "the conflict view")
        self.assertEqual(self.collection.commits(), commits, "a conflict writes nothing")
        values = [v.text for v in self.all("#save-conflicts .conflict-value")]
        self.assertEqual(values, ["Kind of Blue (App)", "Kind of Blue (CLI)"])
        self.assertEqual(self.css("#save-conflicts h3").text, "Album name", "the label the form gives it (GET /api/schema)")
        self.screenshot("save-conflict")
        self.css("#save-conflicts .conflict-ours .conflict-button").click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "the album saved with the choice")
        album = self.collection.album(ID)
        self.assertEqual(album["title"], "Kind of Blue (App)")
        self.assertEqual(album.get("label"), "Columbia", "the other change made meanwhile is kept")

    def test_save_with_a_new_cover_is_one_commit(self):
        photo = self.collection.tmp / "sleeve.png"
        photo.write_bytes(png(120, 90))
        self.open_editor()
        commits = self.collection.commits()
        self.by_id("field-title").send_keys(" (Legacy)")
        self.choose_photo(photo, 120)
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "the saved album")
        self.assertEqual(self.collection.commits(), commits + 1, "the title and the cover in one commit")
        album = self.collection.album(ID)
        self.assertEqual(album["title"], "Kind of Blue (Legacy)")
        self.assertTrue((self.collection.root / album["cover"]).is_file())


class SettleConflictTests(AppTestCase):
    """After a conflict the app sends the side chosen with the version the form was opened at,
    and the server merges it as any save (docs/merging.md, "The app's save is the same merge", issue 29 point 6): whichever side is
    chosen, the track renamed and the tag added in the file meanwhile are kept."""

    TRACKS = ["So What", "Freddie Freeloader", "Blue in Green", "All Blues", "Flamenco Sketches"]

    def seed(self, collection):
        collection.add("Kind of Blue", "Miles Davis", "1959-08-17", tracks=self.TRACKS, tags=["jazz"])

    def album_file(self):
        return self.collection.root / ID / "album.md"

    def settle(self, choose, title):
        self.open_editor()
        # In the form: the title and track 1 renamed, a tag added (saved at once, as tags are).
        self.by_id("field-title").send_keys(" (App)")
        self.css('#track-list [aria-label="Edit track 1"]').click()
        field = self.css("#track-list input")
        field.clear()
        field.send_keys("So What (Take 2)")
        self.css('#track-list [aria-label="Done editing track 1"]').click()
        self.by_id("add-tag-chip").click()
        self.by_id("tag-input").send_keys("app-tag")
        self.by_id("tag-ok").click()
        self.wait_for(lambda d: "app-tag" in self.collection.album(ID)["tags"], "the tag saved at once")
        # Meanwhile in the file: the title and track 5 renamed by hand, a tag from the command line.
        text = self.album_file().read_text()
        text, renamed = re.subn(r"title: Kind of Blue\n", "title: Kind of Blue (File)\n", text)
        text, moved = re.subn(r"5\. Flamenco Sketches\n", "5. Flamenco Sketches (Alternate)\n", text)
        self.assertEqual((renamed, moved), (1, 1), text)
        self.album_file().write_text(text)
        self.collection.rk("tag", "add", "miles-davis-kind-of-blue", "cli-tag")
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: self.all("#save-conflicts .conflict-field"), "the conflict view")
        self.assertEqual([h.text for h in self.all("#save-conflicts h3")], ["Album name"], "only the title conflicts")
        self.screenshot("save-conflict-settle")
        choose()
        self.wait_for(lambda d: self.details_title() == "Album Details", "the album saved with the choice")
        album = self.collection.album(ID)
        self.assertEqual(album["title"], title)
        self.assertEqual(album["tracks"][0], "So What (Take 2)", "track 1 as the form renamed it")
        self.assertEqual(album["tracks"][4], "Flamenco Sketches (Alternate)", "track 5 as the file renamed it")
        self.assertEqual(album["tracks"][1:4], self.TRACKS[1:4])
        self.assertEqual(album["tags"], ["jazz", "app-tag", "cli-tag"], "the tag added meanwhile survives")
        self.wait_for(lambda d: [t.text for t in self.all("#track-list .track-name")][4] == "Flamenco Sketches (Alternate)",
                      "the saved album shown")

    def keep(self, side):
        return lambda: self.css(f"#save-conflicts .conflict-{side} .conflict-button").click()

    def test_keeping_yours_keeps_the_track_and_the_tag_changed_in_the_file(self):
        self.settle(self.keep("ours"), "Kind of Blue (App)")

    def test_keeping_the_files_keeps_the_track_the_form_renamed(self):
        self.settle(self.keep("theirs"), "Kind of Blue (File)")

    def test_a_value_of_ones_own_keeps_both_tracks_too(self):
        def type_value():
            field = self.css("#save-conflicts .conflict-edit input")
            field.clear()
            field.send_keys("Kind of Blue (Both)")
            self.screenshot("save-conflict-value")
            self.css("#save-conflicts .conflict-edit button").click()
        self.settle(type_value, "Kind of Blue (Both)")


if __name__ == "__main__":
    unittest.main()
