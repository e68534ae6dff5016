import TestSupport
import Testing

@testable import RecordKeeper

#if canImport(Glibc)
  import Glibc
#endif

/// A full disk is said as such, with the disk and that nothing was lost, not
/// in git's words ("cannot extend packfile", "unknown error
/// (git_index_write)"; issue 31's crash probe). Tested on the mapping: a
/// file system that really fills up needs root to mount here.
@Suite("A full disk")
struct DiskFullTests {
  @Test(arguments: [
    (ENOSPC, "unknown error"), (0, "cannot extend packfile '/r/.git/objects/pack/pack-1.pack'"),
    (ENOSPC, "object not found - failed to find pack entry"), (EDQUOT, "failed to write"),
    (0, "failed to write /r/.git/index.lock: No space left on device"),
  ])
  func libgit2sWordsForAFullDiskAreKnown(code: Int32, message: String) {
    #expect(DiskFull.isDiskFull(errno: code, message: message))
  }

  @Test func otherFailuresAreNot() {
    #expect(!DiskFull.isDiskFull(errno: ENOENT, message: "object not found - failed to find pack entry"))
  }

  @Test func aFailedLibgit2CallWithENOSPCIsAFullDiskNamingTheDiskAndThatNothingWasLost() {
    LibGit2.start()
    #expect {
      errno = ENOSPC
      _ = try LibGit2.check(-1, "git_index_write")
    } throws: { error in
      guard case GitError.diskFull(_, let function) = error else { return false }
      let message = (error as? GitError)?.description ?? ""
      return function == "git_index_write" && message.contains("is full") && message.contains("nothing was lost")
        && message.contains("df -h ")
    }
  }

  @Test func aFileThatCouldNotBeWrittenForWantOfSpaceSaysSoToo() {
    let error = FileSystemError(path: "/tmp/x/album.md", operation: "write", code: ENOSPC)
    #expect(error.description.hasPrefix("cannot write /tmp/x/album.md: the disk holding /tmp/x/album.md (the file system mounted at /"))
    #expect(error.description.contains("nothing was lost"))
  }

  @Test func theMountPointIsTheHighestFolderOnTheSameDevice() {
    #expect(DiskFull.mountPoint(of: "/") == "/")
    #expect(DiskFull.mountPoint(of: "/proc/self") == "/proc")
    #expect(DiskFull.mountPoint(of: "/proc/no/such/thing") == "/proc")
  }
}
