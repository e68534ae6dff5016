import CLibGit2
import Foundation

/// Shallow clones (`git clone --depth N`): their history stops at boundary
/// commits whose parents were never fetched. libgit2 (1.5) walks into those
/// missing parents and fails with "object not found", so rk walks a shallow
/// history itself, stops at the boundary, and says so where it must go
/// further (docs/sharing.md, "Interrupted syncs, locks and partial clones").
extension GitRepository {
  /// Whether the repository is a shallow clone.
  public var isShallow: Bool { git_repository_is_shallow(repository) == 1 }

  /// The commits the history stops at (listed in `.git/shallow`); empty
  /// for a full clone.
  func shallowBoundary() -> Set<String> {
    guard isShallow, let text = try? String(contentsOfFile: commonDirectory + "/shallow", encoding: .utf8) else { return [] }
    return Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
  }

  /// The commits reachable from HEAD above the boundary (the boundary
  /// commits left out: what they changed cannot be told), newest first,
  /// children before parents as `git log --topo-order` has them.
  func commitsAboveShallowBoundary(_ boundary: Set<String>) throws(GitError) -> [git_oid] {
    guard let head = try headCommit() else { return [] }
    var commits: [String: (id: git_oid, time: Int64, parents: [String])] = [:]
    var children: [String: Int] = [:]
    let headID = head.withPointer { git_commit_id($0).pointee }
    var stack = [headID]
    while let id = stack.popLast() {
      guard commits[id.hex] == nil else { continue }
      let commit = try lookupCommit(id)
      let parents: [git_oid] =
        boundary.contains(id.hex)
        ? []
        : commit.withPointer { commit in (0..<git_commit_parentcount(commit)).compactMap { git_commit_parent_id(commit, $0)?.pointee } }
      commits[id.hex] = (id, commit.withPointer { git_commit_time($0) }, parents.map(\.hex))
      for parent in parents {
        children[parent.hex, default: 0] += 1
        stack.append(parent)
      }
    }
    var ready = [headID.hex]
    var ordered: [git_oid] = []
    while !ready.isEmpty {
      let newest = ready.indices.max { (commits[ready[$0]]?.time ?? 0) < (commits[ready[$1]]?.time ?? 0) } ?? 0
      let key = ready.remove(at: newest)
      guard let commit = commits[key] else { continue }
      if !boundary.contains(key) { ordered.append(commit.id) }
      for parent in commit.parents {
        children[parent, default: 1] -= 1
        if children[parent] == 0 { ready.append(parent) }
      }
    }
    return ordered
  }

  /// The commits reachable from `id`, not going past `boundary` commits
  /// (which are included) or commits this clone lacks.
  func reachable(from id: String, stoppingAt boundary: Set<String>) throws(GitError) -> Set<String> {
    var seen: Set<String> = []
    var stack = [id]
    while let next = stack.popLast() {
      guard !seen.contains(next) else { continue }
      var oid = try git_oid.parse(next)
      var pointer: OpaquePointer?
      guard git_commit_lookup(&pointer, repository, &oid) == 0, let pointer else {
        LibGit2.clearError()
        continue
      }
      defer { git_commit_free(pointer) }
      seen.insert(next)
      guard !boundary.contains(next) else { continue }
      for index in 0..<git_commit_parentcount(pointer) {
        if let parent = git_commit_parent_id(pointer, index) { stack.append(parent.pointee.hex) }
      }
    }
    return seen
  }

  /// ``GitError/shallowHistory(_:)`` when `commit` is a boundary commit of
  /// a shallow clone (its parents are not here), else `error`.
  func shallowOr(_ error: GitError, commit: GitHandle) -> GitError {
    let id = commit.withPointer { git_commit_id($0).pointee.hex }
    return shallowBoundary().contains(id) ? .shallowHistory(id) : error
  }
}
