extension CollectionStore {
  /// Makes `edit` to the album `reference` names, as one commit whose message
  /// is the edit's summary. Returns `nil`, committing nothing, when the album
  /// would stay the same.
  @discardableResult
  public func apply(_ edit: AlbumEdit, to reference: String) throws(StoreError) -> GitCommit? {
    try update(reference, action: edit.action, summary: { edit.summary(before: $0, after: $1) }) { album throws(AlbumEditError) in
      try edit.apply(to: &album)
    }
  }
}
