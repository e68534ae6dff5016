/// A suite that runs `rk` on one temporary collection.
public protocol CollectionCommands {
  var collection: TemporaryCollection { get }
}

extension CollectionCommands {
  /// `rk -C COLLECTION ARGUMENTS…`.
  public func rk(_ arguments: [String]) throws -> RKResult {
    try runRK(["-C", collection.path] + arguments)
  }
}
