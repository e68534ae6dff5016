extension AlbumSave {
  /// The save with its tags as the form's change to the file's tags now:
  /// the file's tags in the file's order, less those the form removed, then
  /// those it added (docs/merging.md, "The app's save is the same merge": a form that adds a tag keeps the file's
  /// order, as the app's own tag add does).
  ///
  /// A form cannot reorder tags, so its list carries their order as it was
  /// opened; taken as written it would undo an order changed in the file
  /// meanwhile. A list that does reorder the tags it kept (another client)
  /// is the form's own change and stays as sent, as does one that changes
  /// nothing or meets tags unchanged in the file.
  func keepingTagOrder(opened: [String], now: [String]) -> AlbumSave {
    guard let form = tags, now != opened, Set(form) != Set(opened) else { return self }
    let kept = form.filter(opened.contains)
    guard kept == opened.filter(kept.contains) else { return self }
    var save = self
    let rebased = now.filter { form.contains($0) || !opened.contains($0) }
    save.tags = rebased + form.filter { !rebased.contains($0) && !opened.contains($0) }
    return save
  }
}
