/// What the Discogs tests share of a collection export.
enum DiscogsExport {
  /// The header row of Discogs' collection CSV, as Discogs writes it.
  static let header =
    "Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes\n"
}
