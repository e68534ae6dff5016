import Testing

@testable import RecordKeeper

/// Credits held against the cases of beets' ftintitle plugin tests
/// (beetbox/beets, test/plugins/test_ftintitle.py: `test_split_on_feat`,
/// `test_contains_feat`, `test_find_feat_part`; beets is MIT licensed).
/// Only the inputs and beets' answers are taken, written as our own table;
/// none of its code. Where our answer differs from beets' by design
/// (docs/commands.md, "Credited artists"), the row says why, and the test checks that
/// it does differ, so no reason outlives its difference.
@Suite("Credits against beets' ftintitle cases")
struct BeetsFtInTitleTableTests {
  /// Beets' answer for one input, in the form its test states it.
  enum Beets {
    /// `split_on_feat`: the main artist and the featured part (nil: none).
    case split(String, String?)
    /// `contains_feat`: whether a featuring word is found.
    case containsFeat(Bool)
    /// `find_feat_part` given the album artist: the featured part (nil: none).
    case featPart(String?)

    /// Whether our names say what beets says.
    func agrees(with ours: [String]) -> Bool {
      switch self {
      case .split(let main, let featured): ours == [main] + (featured.map { [$0] } ?? [])
      case .containsFeat(let found): (ours.count > 1) == found
      case .featPart(let part): part.map { ours.count > 1 && ours.contains($0) } ?? (ours.count == 1)
      }
    }
  }

  static let andOnlyAggressive = "`&`, `and` and `,` split only in aggressive mode"
  static let noAlbumOfItsOwn = "aggressive mode splits only into names with albums of their own"

  /// The input; the artists of the collection's other albums when our
  /// answer is in aggressive mode (nil: basic mode); beets' answer; ours;
  /// why they differ (nil: they agree).
  static let table: [(artist: String, aggressive: [String]?, beets: Beets, ours: [String], why: String?)] = [
    // test_split_on_feat
    ("Alice ft. Bob", nil, .split("Alice", "Bob"), ["Alice", "Bob"], nil),
    ("Alice feat Bob", nil, .split("Alice", "Bob"), ["Alice", "Bob"], nil),
    ("Alice feat. Bob", nil, .split("Alice", "Bob"), ["Alice", "Bob"], nil),
    ("Alice featuring Bob", nil, .split("Alice", "Bob"), ["Alice", "Bob"], nil),
    ("Alice & Bob", nil, .split("Alice", "Bob"), ["Alice & Bob"], andOnlyAggressive),
    ("Alice & Bob", ["Alice", "Bob"], .split("Alice", "Bob"), ["Alice", "Bob"], nil),
    ("Alice, Bob & Charlie", nil, .split("Alice", "Bob & Charlie"), ["Alice, Bob & Charlie"], andOnlyAggressive),
    ("Alice, Bob & Charlie", ["Alice", "Bob & Charlie"], .split("Alice", "Bob & Charlie"), ["Alice", "Bob & Charlie"], nil),
    (
      "Alice, Bob & Charlie", ["Alice", "Bob", "Charlie"], .split("Alice", "Bob & Charlie"), ["Alice", "Bob", "Charlie"],
      "we split into every name that has albums, beets at the first comma only"
    ),
    ("Alice, Bob & Charlie feat. Xavier", nil, .split("Alice, Bob & Charlie", "Xavier"), ["Alice, Bob & Charlie", "Xavier"], nil),
    ("Alice and Bob", nil, .split("Alice", "Bob"), ["Alice and Bob"], andOnlyAggressive),
    ("Alice and Bob", ["Alice", "Bob"], .split("Alice", "Bob"), ["Alice", "Bob"], nil),
    ("Alice With Bob", nil, .split("Alice", "Bob"), ["Alice", "Bob"], nil),
    ("Alice defeat Bob", nil, .split("Alice defeat Bob", nil), ["Alice defeat Bob"], nil),
    ("Alice & Bob feat Charlie", nil, .split("Alice & Bob", "Charlie"), ["Alice & Bob", "Charlie"], nil),
    ("Alice & Bob ft. Charlie", nil, .split("Alice & Bob", "Charlie"), ["Alice & Bob", "Charlie"], nil),
    ("Alice & Bob featuring Charlie", nil, .split("Alice & Bob", "Charlie"), ["Alice & Bob", "Charlie"], nil),
    ("Alice and Bob feat Charlie", nil, .split("Alice and Bob", "Charlie"), ["Alice and Bob", "Charlie"], nil),
    ("Alice (ft. Bob)", nil, .split("Alice", "Bob"), ["Alice", "Bob"], nil),
    (
      "Alice [& Bob]", ["Alice", "Bob"], .split("Alice", "Bob"), ["Alice [& Bob]"],
      "a bracket is kept whole unless a featuring word opens it"
    ),
    // test_contains_feat
    ("Alice ft. Bob", nil, .containsFeat(true), ["Alice", "Bob"], nil),
    ("Alice feat. Bob", nil, .containsFeat(true), ["Alice", "Bob"], nil),
    ("Alice feat Bob", nil, .containsFeat(true), ["Alice", "Bob"], nil),
    ("Alice featuring Bob", nil, .containsFeat(true), ["Alice", "Bob"], nil),
    ("Alice (ft. Bob)", nil, .containsFeat(true), ["Alice", "Bob"], nil),
    ("Alice (feat. Bob)", nil, .containsFeat(true), ["Alice", "Bob"], nil),
    ("Alice [ft. Bob]", nil, .containsFeat(true), ["Alice", "Bob"], nil),
    ("Alice [feat. Bob]", nil, .containsFeat(true), ["Alice", "Bob"], nil),
    ("Alice defeat Bob", nil, .containsFeat(false), ["Alice defeat Bob"], nil),
    ("Aliceft.Bob", nil, .containsFeat(false), ["Aliceft.Bob"], nil),
    ("Alice (defeat Bob)", nil, .containsFeat(false), ["Alice (defeat Bob)"], nil),
    ("Live and Let Go", nil, .containsFeat(false), ["Live and Let Go"], nil),
    ("Live and Let Go", ["Live"], .containsFeat(false), ["Live and Let Go"], nil),
    (
      "Come With Me", nil, .containsFeat(false), ["Come", "Me"],
      "beets asks of a title; in an artist, `A with B` credits B (seed 003)"
    ),
    // test_find_feat_part: the album artist is the artist of another album.
    ("Alice ft. Bob", nil, .featPart("Bob"), ["Alice", "Bob"], nil),
    ("Alice feat Bob", nil, .featPart("Bob"), ["Alice", "Bob"], nil),
    ("Alice featuring Bob", nil, .featPart("Bob"), ["Alice", "Bob"], nil),
    ("Alice & Bob", nil, .featPart("Bob"), ["Alice & Bob"], andOnlyAggressive),
    ("Alice & Bob", ["Alice"], .featPart("Bob"), ["Alice & Bob"], noAlbumOfItsOwn),
    ("Alice & Bob", ["Alice", "Bob"], .featPart("Bob"), ["Alice", "Bob"], nil),
    ("Alice and Bob", nil, .featPart("Bob"), ["Alice and Bob"], andOnlyAggressive),
    ("Alice and Bob", ["Alice"], .featPart("Bob"), ["Alice and Bob"], noAlbumOfItsOwn),
    ("Alice With Bob", nil, .featPart("Bob"), ["Alice", "Bob"], nil),
    ("Alice (ft. Bob)", nil, .featPart("Bob"), ["Alice", "Bob"], nil),
    ("Alice [ft. Bob]", nil, .featPart("Alice"), ["Alice", "Bob"], nil),
    ("Alice defeat Bob", nil, .featPart(nil), ["Alice defeat Bob"], nil),
    ("Alice & Bob", nil, .featPart("Alice"), ["Alice & Bob"], andOnlyAggressive),
    ("Alice & Bob", ["Bob"], .featPart("Alice"), ["Alice & Bob"], noAlbumOfItsOwn),
    ("Alice ft. Bob", nil, .featPart("Alice"), ["Alice", "Bob"], nil),
    ("Alice ft. Carol", nil, .featPart("Carol"), ["Alice", "Carol"], nil),
  ]

  @Test(arguments: table.indices)
  func ourCreditsAgreeWithBeetsOrSayWhyNot(_ index: Int) {
    let row = Self.table[index]
    let credits =
      row.aggressive.map { ArtistCredits(CreditRules(mode: .aggressive), artists: $0 + [row.artist]) } ?? ArtistCredits()
    let ours = credits.credits(of: row.artist)
    #expect(ours == row.ours, "\(row.artist)")
    #expect(row.beets.agrees(with: ours) == (row.why == nil), "\(row.artist): \(row.why ?? "agrees with beets")")
  }
}
