import ArgumentParser
import RecordKeeper

extension RK {
  struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "stats",
      abstract: "Show the collection's statistics.",
      discussion: """
        Owned and wanted counts; albums by format, decade, top tags and labels; most played, never \
        played, played this year; total value by currency (from price); albums added per year (from \
        purchased); the rating histogram. On a terminal each count has a bar drawn with block \
        characters; in a pipe, plain lines. --json prints one object (its keys: man rk, or docs/commands.md, "Plays and statistics").
        """)

    @OptionGroup var collection: CollectionOptions

    @Flag(help: "Print the statistics as one JSON object.")
    var json = false

    func run() async throws {
      let loaded = try collection.load()
      let year = PlayTime.now.date.year
      let stats = CollectionStats(albums: loaded.albums, history: PlayHistory.load(loaded.location), year: year)
      if json { return Terminal.write(stats.json) }
      let terminal = Terminal.standardOutput()
      Terminal.write(StatsRenderer(bars: terminal.isInteractive, width: terminal.width ?? 80).render(stats, year: year))
    }
  }
}

/// `rk stats` for a person: sections of labelled counts, with bars on a terminal.
struct StatsRenderer {
  var bars: Bool
  var width: Int

  func render(_ stats: CollectionStats, year: Int) -> String {
    var out = "\(stats.owned) owned, \(stats.wanted) wanted\n"
    out += section("By format", stats.formats)
    out += section("By decade", stats.decades)
    out += section("Top tags", stats.tags)
    out += section("Top labels", stats.labels)
    out += section("Most played", stats.mostPlayed.map { .init(label: "\($0.artist) – \($0.title)", count: $0.plays) })
    out += "\nNever played: \(stats.neverPlayed)\n"
    out +=
      "Played in \(year): \(stats.playsThisYear) \(stats.playsThisYear == 1 ? "play" : "plays") of \(stats.albumsPlayedThisYear) \(stats.albumsPlayedThisYear == 1 ? "album" : "albums")\n"
    if !stats.value.isEmpty {
      out +=
        "\nValue\n" + stats.value.map { "  \($0.amount) \($0.currency) (\($0.albums) \($0.albums == 1 ? "album" : "albums"))\n" }.joined()
      if stats.unpricedValues > 0 { out += "  \(stats.unpricedValues) prices without an amount\n" }
    }
    out += section("Added per year", stats.addedPerYear)
    out += section("Ratings", stats.ratings)
    return out
  }

  private func section(_ title: String, _ counts: [CollectionStats.Count]) -> String {
    guard !counts.isEmpty else { return "" }
    let labels = counts.map { Visible.text(DisplayWidth.truncate($0.label, to: 32)) }
    let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
    let numberWidth = counts.map { String($0.count).count }.max() ?? 1
    let most = max(counts.map(\.count).max() ?? 1, 1)
    let barWidth = max(width - labelWidth - numberWidth - 6, 10)
    var out = "\n\(title)\n"
    for (label, count) in zip(labels, counts.map(\.count)) {
      let padding = String(repeating: " ", count: labelWidth - DisplayWidth.of(label))
      let number = String(repeating: " ", count: numberWidth - String(count).count) + String(count)
      out += "  \(label)\(padding)  \(number)" + (bars ? " " + Self.bar(count, of: most, width: barWidth) : "") + "\n"
    }
    return out
  }

  /// A bar of `width` columns at most, in eighths of a block.
  static func bar(_ value: Int, of most: Int, width: Int) -> String {
    let eighths = value * width * 8 / max(most, 1)
    let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
  }
}
