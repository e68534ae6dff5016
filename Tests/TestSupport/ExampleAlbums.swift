/// Album files the tests share, written once.
public enum ExampleAlbums {
  /// As in docs/album-format.md, "Sides and durations": sides A and B with lengths, a track's note
  /// and the album's notes; no favourite.
  public static let okComputer = """
    ---
    title: OK Computer
    artist: Radiohead
    ---

    ## Tracks

    ### Side A

    1. Airbag (4:44)
    2. Paranoid Android (6:23)
       Recorded in a mansion.

    ### Side B

    1. Karma Police (4:21)
    2. Lucky (4:19)

    ## Notes

    Bought in 1998.

    """

  /// Kind of Blue as rk writes it, every key in rk's order, two sides with
  /// lengths and the album's notes: the one copy the tests share. A test
  /// that needs less derives it with ``kindOfBlue(keys:body:)``.
  public static let kindOfBlue = """
    ---
    title: Kind of Blue
    artist: Miles Davis
    sort_artist: Davis, Miles
    released: 1959-08-17
    wikipedia: https://en.wikipedia.org/wiki/Kind_of_Blue
    tags:
    - jazz
    - modal
    label: Columbia
    catalog_number: CL 1355
    ---

    ## Tracks

    ### Side A

    1. So What (9:22)
    2. Freddie Freeloader (9:46)
    3. Blue in Green (5:37)

    ### Side B

    1. All Blues (11:33)
    2. Flamenco Sketches (9:26)

    ## Notes

    Six-eye label.

    """

  /// ``kindOfBlue`` with only the front matter `keys` (a key's list items
  /// go with it), in the fixture's order, and `body` after the front
  /// matter in place of the fixture's own when given:
  /// `kindOfBlue(keys: ["title", "artist"], body: "")` is the smallest album file.
  public static func kindOfBlue(keys: Set<String>, body: String? = nil) -> String {
    let parts = kindOfBlue.split(separator: "---\n", maxSplits: 2, omittingEmptySubsequences: false)
    var front = ""
    var keeping = false
    for line in parts[1].split(separator: "\n") {
      if !line.hasPrefix("- ") { keeping = keys.contains(String(line.prefix { $0 != ":" })) }
      if keeping { front += line + "\n" }
    }
    return "---\n" + front + "---\n" + (body ?? String(parts[2]))
  }
}
