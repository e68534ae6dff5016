"""Credited artists in the app (docs/commands.md, "Credited artists", issue 21 point 6): an album by `A feat. B` has
"More by A and B", linking to the albums of both."""

import unittest

from selenium.webdriver.common.by import By

from harness import DESKTOP, AppTestCase


class CreditsTests(AppTestCase):
    def seed(self, collection):
        collection.add("Supernatural", "Santana feat. Rob Thomas", "1999")
        collection.add("Abraxas", "Santana", "1970")
        collection.add("Something to Be", "Rob Thomas", "2005")
        collection.add("Bookends", "Simon & Garfunkel", "1968")
        collection.add("Graceland", "Paul Simon", "1986")

    def open_album(self, title):
        self.open()
        self.wait_for(lambda d: title in self.titles(), f"{title} in the list")
        self.row(title).find_element(By.CSS_SELECTOR, ".row-content").click()
        self.wait_for(lambda d: self.by_id("details-view").is_displayed() and self.details_title() == "Album Details"
                      and self.by_id("details-view").get_attribute("aria-busy") == "false", "the details view")

    def more(self):
        return [a.find_element(By.TAG_NAME, "span").text for a in self.all("#more-list a")]

    def test_more_by_names_and_links_every_credited_artist(self):
        self.open_album("Supernatural")
        self.wait_for(lambda d: self.by_id("more-title").text == "More by Santana and Rob Thomas", "More by both artists")
        self.wait_for(lambda d: self.more() == ["Abraxas", "Something to Be"], f"both artists' albums (shown: {self.more()})")
        self.screenshot("more-by-credits")
        self.all("#more-list a")[1].click()
        self.wait_for(lambda d: self.all("#details-form .field-value")[0].text == "Something to Be", "Rob Thomas's album")
        self.wait_for(lambda d: self.by_id("more-title").text == "More by Rob Thomas", "More by Rob Thomas")
        self.assertEqual(self.more(), ["Supernatural"])

    def test_a_duo_written_with_an_ampersand_is_one_act(self):
        self.open_album("Bookends")
        self.assertFalse(self.by_id("more-section").is_displayed(), "Simon & Garfunkel is not split into Paul Simon's")


class CreditsDesktopTests(CreditsTests):
    size = DESKTOP


if __name__ == "__main__":
    unittest.main()
