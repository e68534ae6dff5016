import RecordKeeper

extension CollectionService {
  /// Saves a smart list in place of the list `old` under its new name, as one
  /// commit (the app's list editor when the name changed).
  public func renameSmartList(_ old: String, to list: SmartList, keepingSort: Bool = true) throws(SmartListError) {
    _ = try store.renameSmartList(old, to: list, keepingSort: keepingSort)
  }
}
