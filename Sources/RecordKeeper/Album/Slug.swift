/// Names made of folded text (docs/album-format.md, "The collection on disk"): lowercase ASCII letters and
/// digits, diacritics folded (``TextFolding``), every run of other
/// characters one separator. New albums' folders and the keys of Discogs'
/// columns rk does not know are made this way.
public enum Slug {
  /// `"Sigur Rós", "Ágætis byrjun"` → `sigur-ros-agaetis-byrjun`; at most
  /// 80 characters, `album` when nothing is left.
  public static func make(artist: String, title: String) -> String {
    let slug = String(make(artist + " " + title, separator: "-").prefix(80))
    let cut = slug.reversed().drop { $0 == "-" }.reversed()
    return cut.isEmpty ? "album" : String(cut)
  }

  /// `text` folded, its ASCII letters and digits kept and each run of
  /// anything else between them made one `separator` (`Collection Génre`,
  /// `"_"` → `collection_genre`); empty when it has no letter or digit.
  public static func make(_ text: String, separator: Character) -> String {
    var slug = ""
    var pending = false
    for scalar in TextFolding.fold(text).unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        if pending && !slug.isEmpty { slug.append(separator) }
        slug.unicodeScalars.append(scalar)
        pending = false
      } else {
        pending = true
      }
    }
    return slug
  }
}
