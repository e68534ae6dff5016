extension OrderedListFile {
  /// The file's version, as an album file's (docs/merging.md, "The app's save is the same merge"): the git blob id
  /// of its bytes. The app sends it back with a change made on the places it
  /// showed, so that a list changed meanwhile is never changed at the wrong place.
  public var version: String { GitRepository.blobID(of: bytes) ?? "" }
}

extension OrderedListEntry {
  /// The track the entry names in `album`: a number counts across all sides
  /// (as `rk lists add` takes it), a side position (`A2`) is matched as the
  /// sleeve prints it; `nil` for a whole album or a track it no longer has.
  public func track(in album: Album) -> Album.Track? {
    guard let track else { return nil }
    let list = album.trackList
    if let number = Int(track) { return number >= 1 && number <= list.count ? list[number - 1] : nil }
    return list.first { $0.position.lowercased() == track.lowercased() }
  }
}
