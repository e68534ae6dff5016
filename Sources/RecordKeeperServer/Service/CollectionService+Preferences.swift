import RecordKeeper

extension CollectionService {
  /// Chooses the app's accent colour for this clone (docs/app.md, "The app on a phone"),
  /// kept in `local.yaml` beside the sort mode, and publishes it.
  public func chooseAccent(_ accent: AccentColour) throws(ServiceError) -> Preferences {
    try changePreferences { $0.accent = accent }
  }
}
