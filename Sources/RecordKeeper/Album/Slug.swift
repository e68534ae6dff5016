/// Folder names for new albums (PRODUCT.md §1): lowercase ASCII from artist
/// and title, diacritics folded, other characters turned into `-`.
public enum Slug {
  /// `"Sigur Rós", "Ágætis byrjun"` → `sigur-ros-agaetis-byrjun`.
  public static func make(artist: String, title: String) -> String {
    var slug = ""
    var pendingDash = false
    for scalar in TextFolding.fold(artist + " " + title).unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        if pendingDash && !slug.isEmpty { slug.append("-") }
        slug.unicodeScalars.append(scalar)
        pendingDash = false
      } else {
        pendingDash = true
      }
    }
    let cut = slug.prefix(80).drop { $0 == "-" }.reversed().drop { $0 == "-" }.reversed()
    return cut.isEmpty ? "album" : String(cut)
  }
}
