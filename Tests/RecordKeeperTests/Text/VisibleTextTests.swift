import RecordKeeper
import Testing

@Suite("Control characters made visible")
struct VisibleTextTests {
  @Test(arguments: [
    ("Evil\u{1B}[2J\u{07}", "Evil^[[2J^G"), ("a\u{7F}b", "a^?b"), ("\u{9B}31m", "<U+009B>31m"),
    ("\u{202E}tsitra", "<U+202E>tsitra"), ("two\nlines\ttab", "two^Jlines^Itab"), ("plain Björk 坂本", "plain Björk 坂本"),
    ("a\u{2028}b", "a<U+2028>b"), ("\u{85}", "<U+0085>"),
  ])
  func oneLine(text: String, shown: String) {
    #expect(VisibleText.text(text) == shown)
  }

  @Test func severalLinesKeepBreaksAndTabs() {
    #expect(VisibleText.lines("one\r\ntwo\n\tthree\u{1B}[0m") == "one\ntwo\n\tthree^[[0m")
    #expect(VisibleText.lines("lone\rCR") == "lone^MCR")
  }
}
