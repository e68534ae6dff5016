import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct MergePlays: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "merge-plays",
      abstract: "Move the plays of albums a merge moved to their new ids: git's post-merge hook.",
      discussion: """
        rk init and rk clone install it as .git/hooks/post-merge, and with --rebase as .git/hooks/post-rewrite \
        (rk sync adds them to older clones), so that after git pull, git merge or git pull --rebase the plays \
        recorded under an album's old id name the album's new id, as rk sync does in its own merges. The merge \
        commit git just made is made again with the plays moved (same parents and message); after a rebase \
        they are moved in a commit of their own. Nothing happens when no play needs moving.
        """)

    @OptionGroup var collection: CollectionOptions

    @Flag(help: "After git pull --rebase (the post-rewrite hook): move them in a commit on top of the rebased branch.")
    var rebase = false

    func run() async throws {
      let store = try collection.store()
      if rebase {
        if let commit = try store.movePlaysInRebasedHead() {
          FileHandle.standardError.write(Data("rk: plays follow their albums moved upstream [\(commit.id.prefix(7))]\n".utf8))
        }
      } else if let commit = try store.movePlaysInMergedHead() {
        FileHandle.standardError.write(Data("rk: plays follow their albums in the merge [\(commit.id.prefix(7))]\n".utf8))
      }
    }
  }
}
