import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct MergePlays: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "merge-plays",
      abstract: "Move the plays of albums a merge moved to their new ids: git's post-merge hook.",
      discussion: """
        rk init and rk clone install it as .git/hooks/post-merge (rk sync adds it to older clones), so that \
        after git pull or git merge the plays recorded under an album's old id name the album's new id, as \
        rk sync does in its own merges. The merge commit git just made is made again with the plays moved \
        (same parents and message); nothing happens when no play needs moving.
        """)

    @OptionGroup var collection: CollectionOptions

    func run() async throws {
      if let commit = try collection.store().movePlaysInMergedHead() {
        FileHandle.standardError.write(Data("rk: plays follow their albums in the merge [\(commit.id.prefix(7))]\n".utf8))
      }
    }
  }
}
