import Foundation
import Hummingbird
import RecordKeeper

/// A smart list's own order and the favourites' order in the app (issue 32):
///
/// - `GET /api/albums?q=@NAME` without `sort` shows a smart list in its own
///   order (`sort:` in its file); a custom order has no group headings.
/// - `PUT /api/lists/{name}/sort {"sort": "title" | "custom" | null}`: the
///   list's own order (`null`: the collection's), one commit; answers with
///   the lists as `GET /api/lists` does.
/// - `POST /api/lists/{name}/move {"from": N, "to": M}`: moves an album of a
///   custom-ordered list (places from 1, as the list shows them), one commit.
/// - `POST /api/favourites/move {"from": N, "to": M}`: moves a favourite
///   track (places from 1, as `GET /api/favourites` lists them), one commit of
///   `.recordkeeper/lists/favourites.md`; answers with the favourites.
extension APIRoutes {
  func registerListOrder(on api: RouterGroup<Context>) {
    api.put("lists/:name/sort") { request, context in try await sortSmartList(request, context) }
    api.post("lists/:name/move") { request, context in try await moveInSmartList(request, context) }
    api.post("favourites/move") { request, _ in try await moveFavourite(request) }
  }

  /// The smart list whose own order a query without `sort` is shown in:
  /// `@NAME` alone, naming a list with a `sort:`.
  static func ownOrder(of query: SearchQuery, in snapshot: CollectionSnapshot) -> SmartList? {
    guard let name = SmartLists.listAlone(in: query), let list = SmartLists.load(from: snapshot.location)[name], list.sort != nil else {
      return nil
    }
    return list
  }

  /// One page of a custom-ordered list: every match, in the kept order.
  static func keptPage(
    of list: SmartList, matching matcher: SearchMatcher, order: AlbumOrder, in snapshot: CollectionSnapshot, offset: Int, limit: Int
  ) -> (albums: [Album], count: Int) {
    let ids = list.kept(matchingIDs(matcher, order: order, in: snapshot)) { $0 }
    return (ids.dropFirst(offset).prefix(limit).compactMap { snapshot.albums[$0] }, ids.count)
  }

  /// The ids of every album `matcher` matches, in `order`.
  private static func matchingIDs(_ matcher: SearchMatcher, order: AlbumOrder, in snapshot: CollectionSnapshot) -> [String] {
    snapshot.matches(of: matcher, in: snapshot.listing(order), atMost: Int.max).ids
  }

  /// The ids of the list `name`'s albums in the order it is shown until its own order changes.
  private func matches(of name: String, in snapshot: CollectionSnapshot) throws(APIError) -> [String] {
    let lists = SmartLists.load(from: snapshot.location)
    guard let list = lists[name] else { return [] }
    let matcher = try Self.matcher("@" + name, fields: SearchField.defaults, in: snapshot, lists: lists)
    return Self.matchingIDs(matcher, order: list.order(from: snapshot.preferences.order), in: snapshot)
  }

  /// The order a list saved as `custom` keeps: its albums under `list`'s
  /// rules, in the order shown until now (the list `old`'s, before the save).
  func keptOrder(of list: SmartList, savedFrom old: String) -> [String] {
    let snapshot = service.snapshot
    var lists = SmartLists.load(from: snapshot.location)
    let saved = lists[old] ?? SmartList(name: list.name, clauses: [])
    lists.save(list)
    // Rules the save refuses say so there; nothing to keep here.
    guard let matcher = try? Self.matcher("@" + list.name, fields: SearchField.defaults, in: snapshot, lists: lists) else { return [] }
    return saved.kept(Self.matchingIDs(matcher, order: saved.order(from: snapshot.preferences.order), in: snapshot)) { $0 }
  }

  private func sortSmartList(_ request: Request, _ context: Context) async throws(APIError) -> Response {
    let name = try listName(context)
    let body = try JSONBody.object(try await Upload.body(request, limit: ServerConfiguration.bodyLimit))
    let sort = try Self.listSort(body["sort"])
    let matches = try matches(of: name, in: service.snapshot)
    do throws(SmartListError) { try await service.sortSmartList(name, by: sort, matches: matches) } catch {
      throw APIError(.unprocessableContent, error.description, field: "sort")
    }
    return try smartLists()
  }

  /// `"custom"`, a sort mode's name, or null (the collection's order).
  static func listSort(_ value: Any?) throws(APIError) -> SmartListSort? {
    if value == nil || value is NSNull { return nil }
    guard let text = value as? String, let sort = SmartListSort(name: text) else {
      throw APIError(
        .badRequest, "send {\"sort\": \"custom\"}, a sort mode (\(SortMode.allCases.map(\.rawValue).joined(separator: ", "))) or null",
        field: "sort")
    }
    return sort
  }

  private func moveInSmartList(_ request: Request, _ context: Context) async throws(APIError) -> Response {
    let name = try listName(context)
    let (from, to) = try Self.places(try await Upload.body(request, limit: ServerConfiguration.bodyLimit))
    let matches = try matches(of: name, in: service.snapshot)
    do throws(SmartListError) { try await service.moveInSmartList(name, from: from, to: to, matches: matches) } catch {
      throw APIError(.unprocessableContent, error.description, field: "from")
    }
    return try smartLists()
  }

  private func moveFavourite(_ request: Request) async throws(APIError) -> Response {
    let (from, to) = try Self.places(try await Upload.body(request, limit: ServerConfiguration.bodyLimit))
    let snapshot = service.snapshot
    let collection = RecordCollection(location: snapshot.location, albums: snapshot.albums.values)
    do throws(OrderedListError) {
      try await service.moveFavourite(from: from, to: to, favourites: collection.favouriteTracks(order: snapshot.preferences.order))
    } catch {
      throw APIError(.unprocessableContent, error.description, field: "from")
    }
    return favourites()
  }

  /// `{"from": N, "to": M}`, places from 1.
  private static func places(_ body: [UInt8]) throws(APIError) -> (Int, Int) {
    let object = try JSONBody.object(body)
    func place(_ key: String) throws(APIError) -> Int {
      guard let number = (object[key] as? NSNumber).flatMap({ Int(exactly: $0.doubleValue) }) else {
        throw APIError(.badRequest, "send {\"from\": N, \"to\": M}: places from 1, as the list shows them", field: key)
      }
      return number
    }
    return (try place("from"), try place("to"))
  }
}
