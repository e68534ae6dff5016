import RecordKeeper

extension CollectionService {
  /// Chooses the app's accent colour for this clone (PRODUCT.md §1.4),
  /// kept in `local.yaml` beside the sort mode, and publishes it.
  public func chooseAccent(_ accent: AccentColour) throws(ServiceError) -> Preferences {
    try changePreferences { $0.accent = accent }
  }
}
