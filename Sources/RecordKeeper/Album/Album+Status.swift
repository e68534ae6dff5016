extension Album {
  /// The album's status as docs/album-format.md ("The collector's fields") reads it: `owned` when the
  /// field is absent or blank, so `@status:owned` finds albums with none.
  public var effectiveStatus: String {
    guard let status = status?.trimmed, !status.isEmpty else { return "owned" }
    return status
  }

  /// Whether the album is on the wantlist (`status: wanted`).
  public var isWanted: Bool { effectiveStatus == "wanted" }
}
