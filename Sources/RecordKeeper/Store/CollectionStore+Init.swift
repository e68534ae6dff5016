import CLibGit2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CollectionStore {
  // MARK: Making a collection

  /// Makes `folder` a collection, or adopts a folder of albums: writes
  /// `.recordkeeper/`, makes a repository if there is none, and commits what
  /// is there.
  ///
  /// Before anything is written, what the first commit would hold is
  /// surveyed (``InitSurvey``). A new or empty folder, or one that holds only
  /// albums (and rk's own files), is adopted at once. A folder holding other
  /// files is refused with ``InitError/notAFolderOfAlbums(folder:_:)`` unless
  /// `adopt` is set, and a folder holding files that look private (keys,
  /// `.env`, virtualenvs…) is always refused with
  /// ``InitError/privateFiles(folder:_:)``: those must be moved out or
  /// ignored first. When refused, the folder is left as it was (a repository
  /// or folder made for the survey is removed again).
  ///
  /// With `mergeDriver` (the command git runs, see
  /// ``MergeDriver/command(forExecutable:)``), `rk merge-file` is registered
  /// as the merge driver of every `album.md`: the `.gitattributes` line goes
  /// into the first commit and the command into the repository's config.
  /// `progress`, when given, is told what is being done (looking at the
  /// files, committing them), for a folder of many albums.
  public static func initialize(
    at folder: String, adopt: Bool = false, mergeDriver: String? = nil, progress: (@Sendable (String) -> Void)? = nil
  ) throws(InitError) -> (store: CollectionStore, commit: GitCommit?, albums: Int) {
    let root = FileSystem.absolute(folder)
    var madeFolder = false
    switch FileSystem.kind(of: root) {
    case nil:
      do { try FileSystem.makeFolders(root) } catch { throw .store(.file(error)) }
      madeFolder = true
    case .directory?: break
    case .symbolicLink? where FileSystem.isDirectory(root): break
    case let kind?: throw .notAFolder(folder, kind)
    }
    let marker = root + "/" + CollectionLocation.markerFolder
    let existing = try? GitRepository.open(containing: root)
    if FileSystem.isDirectory(marker), existing != nil { throw .alreadyACollection(folder) }
    let repository: GitRepository
    if let existing {
      repository = existing
    } else {
      do { repository = try GitRepository.initialize(at: root) } catch { throw .store(.git(error)) }
    }

    // Nothing of the person's is touched until the survey says yes.
    let survey: InitSurvey
    progress?("Looking at the files in \(folder)")
    do throws(InitError) {
      survey = try InitSurvey.make(root: root, repository: repository)
      if !survey.privateGroups.isEmpty { throw .privateFiles(folder: root, survey) }
      if !survey.otherFiles.isEmpty && !adopt { throw .notAFolderOfAlbums(folder: root, survey) }
    } catch {
      if existing == nil { FileSystem.removeTree(repository.gitDirectory) }
      if madeFolder { rmdir(root) }
      throw error
    }

    do throws(FileSystemError) {
      try FileSystem.makeFolders(marker)
      if !FileSystem.exists(marker + "/config.yaml") {
        try FileSystem.writeAtomically(
          Array("# Marks this folder as a Record Keeper collection.\nversion: 1\n".utf8), to: marker + "/config.yaml")
      }
      try Preferences.ensureIgnored(in: marker)
    } catch {
      throw .store(.file(error))
    }
    if mergeDriver != nil {
      do { _ = try writeMergeAttributes(in: root) } catch { throw .store(error) }
    }
    // Plays files merge by keeping both sides' lines (docs/merging.md, "Plays files").
    do throws(StoreError) {
      if let (path, bytes, _) = try attributesAdding(playsAttributesLine, in: CollectionLocation(root: root)) {
        do throws(FileSystemError) { try FileSystem.writeAtomically(bytes, to: root + "/" + path) } catch { throw .file(error) }
      }
    } catch {
      throw .store(error)
    }
    do throws(StoreError) {
      let store = try CollectionStore(location: CollectionLocation(root: root))
      let albums = survey.albums
      progress?("Committing \(albums) album\(albums == 1 ? "" : "s")")
      let summary =
        albums == 0 ? "Start a Record Keeper collection" : "Start a Record Keeper collection of \(albums) album\(albums == 1 ? "" : "s")"
      let commit = try store.locked { () throws(StoreError) -> GitCommit? in
        try store.commit(
          paths: [store.prefix.isEmpty ? "." : String(store.prefix.dropLast())], message: ChangeMessage.make(summary, action: "init"),
          relative: false)
      }
      if let mergeDriver { try store.registerMergeDriver(command: mergeDriver) }
      return (store, commit, albums)
    } catch {
      throw .store(error)
    }
  }
}

/// What `rk init` would commit in a folder: every file git would add or
/// change under it (its ignore rules honoured), sorted into album files,
/// other files, and files that look private.
public struct InitSurvey: Equatable, Sendable {
  /// A file the first commit would hold, relative to the collection root.
  public struct File: Equatable, Sendable {
    public var path: String
    public var size: Int64
  }

  /// Files that look private, gathered by the folder or file that gives
  /// them away (`.ssh/`, `venv/`, `config/.env`).
  public struct Group: Equatable, Sendable {
    /// The folder (ending in `/`) or the file.
    public var path: String
    public var files: Int
  }

  /// Every file the first commit would add or change.
  public var files: [File]
  /// How many album folders (folders holding `album.md`) there are.
  public var albums: Int
  /// Files that are neither in an album folder nor rk's own: why rk asks.
  public var otherFiles: [File]
  /// What looks private: never committed.
  public var privateGroups: [Group]

  /// The size of every file together.
  public var totalSize: Int64 { files.reduce(0) { $0 + $1.size } }

  /// The largest files, largest first.
  public func largest(_ count: Int) -> [File] {
    Array(files.sorted { $0.size != $1.size ? $0.size > $1.size : $0.path < $1.path }.prefix(count))
  }

  /// The other files gathered by their top folder (`Documents/`) or name,
  /// with how many files each holds, in path order.
  public var otherGroups: [Group] {
    var counts: [String: Int] = [:]
    for file in otherFiles {
      let top = file.path.split(separator: "/", maxSplits: 1)
      counts[top.count > 1 ? top[0] + "/" : file.path, default: 0] += 1
    }
    return counts.map { Group(path: $0.key, files: $0.value) }.sorted { $0.path < $1.path }
  }

  /// Files at the top of a collection that are not albums but belong there.
  static let collectionFiles: Set<String> = [".gitignore", ".gitattributes", "README", "README.md", "README.txt"]
  /// Files a file manager leaves in any folder, albums' parents included.
  static let folderClutter: Set<String> = [".DS_Store", "Thumbs.db", "desktop.ini", ".directory"]

  static func make(root: String, repository: GitRepository) throws(InitError) -> InitSurvey {
    let workTree = FileSystem.absolute(repository.workingDirectory)
    let prefix = root == workTree ? "" : String(root.dropFirst(workTree.count + 1)) + "/"
    let paths: [String]
    do { paths = try changedPaths(in: repository, under: prefix) } catch { throw .store(.git(error)) }
    let albumIDs: [String]
    do { albumIDs = try RecordCollection.albumIDs(CollectionLocation(root: root)) } catch { throw .store(.collection(error)) }
    let albumFolders = Set(albumIDs)

    var files: [File] = []
    var other: [File] = []
    for full in paths {
      let path = String(full.dropFirst(prefix.count))
      var info = stat()
      let size = lstat(root + "/" + path, &info) == 0 ? Int64(info.st_size) : 0
      let file = File(path: path, size: size)
      files.append(file)
      let name = path.split(separator: "/").last.map(String.init) ?? path
      if !isAlbumFile(path, albumFolders: albumFolders) && !path.hasPrefix(CollectionLocation.markerFolder + "/")
        && !collectionFiles.contains(path) && !folderClutter.contains(name)
      {
        other.append(file)
      }
    }
    return InitSurvey(files: files, albums: albumIDs.count, otherFiles: other, privateGroups: PrivateFiles.groups(files.map(\.path)))
  }

  private static func isAlbumFile(_ path: String, albumFolders: Set<String>) -> Bool {
    var end = path.endIndex
    while let slash = path[..<end].lastIndex(of: "/") {
      if albumFolders.contains(String(path[..<slash])) { return true }
      end = slash
    }
    return false
  }

  /// The files below `prefix` (relative to the work tree) that a commit of
  /// the whole folder would add, change or delete, as `git status` lists
  /// them: untracked files one by one, ignored ones left out.
  private static func changedPaths(in repository: GitRepository, under prefix: String) throws(GitError) -> [String] {
    var options = git_status_options()
    _ = try LibGit2.check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "git_status_options_init")
    options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
    options.flags =
      GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
      | GIT_STATUS_OPT_DISABLE_PATHSPEC_MATCH.rawValue
    var list: OpaquePointer?
    let result: Int32
    if prefix.isEmpty {
      result = git_status_list_new(&list, repository.repository, &options)
    } else {
      let spec = strdup(String(prefix.dropLast()))
      defer { free(spec) }
      var strings = [spec]
      result = strings.withUnsafeMutableBufferPointer { buffer in
        options.pathspec = git_strarray(strings: buffer.baseAddress, count: 1)
        return git_status_list_new(&list, repository.repository, &options)
      }
    }
    _ = try LibGit2.check(result, "git_status_list_new")
    guard let list else { return [] }
    defer { git_status_list_free(list) }
    var paths: [String] = []
    for index in 0..<git_status_list_entrycount(list) {
      guard let entry = git_status_byindex(list, index)?.pointee else { continue }
      let delta = entry.index_to_workdir ?? entry.head_to_index
      guard let delta, let raw = delta.pointee.new_file.path ?? delta.pointee.old_file.path else { continue }
      let path = String(cString: raw)
      // A nested repository is listed as a folder; the commit leaves it out.
      if path.hasSuffix("/") || !path.hasPrefix(prefix) { continue }
      paths.append(path)
    }
    return paths
  }
}

/// Names that give away a file a person would not want in a shared
/// repository: keys, credentials, and folders of installed software.
enum PrivateFiles {
  /// Folders whose every file is private (or, like `node_modules`, never
  /// belongs in a collection).
  static let folders: Set<String> = [
    ".ssh", ".gnupg", ".aws", ".azure", ".kube", ".docker", ".password-store", ".gcloud", ".mozilla", ".thunderbird",
    "node_modules", ".venv", "site-packages", ".cache",
  ]
  /// Files private by name.
  static let names: Set<String> = [
    ".env", ".netrc", "_netrc", ".pgpass", ".git-credentials", ".npmrc", ".pypirc", ".bash_history", ".zsh_history",
    ".python_history", ".psql_history", "credentials", "credentials.json", "secrets.json", "secrets.yaml",
  ]
  /// Files private by how their name starts (`id_ed25519.pub` included:
  /// a key pair belongs in `.ssh`).
  static let prefixes = [".env.", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519"]
  /// Files private by their extension.
  static let extensions: Set<String> = ["pem", "key", "p12", "pfx", "kdbx", "jks", "keystore", "gpg"]

  /// The private-looking paths among `paths`, gathered by what gives them away.
  static func groups(_ paths: [String]) -> [InitSurvey.Group] {
    // A virtualenv is any folder holding pyvenv.cfg, whatever its name.
    let virtualenvs = Set(
      paths.filter { $0 == "pyvenv.cfg" || $0.hasSuffix("/pyvenv.cfg") }.map { String($0.dropLast("pyvenv.cfg".count)) })
    var counts: [String: Int] = [:]
    for path in paths {
      if let group = group(of: path, virtualenvs: virtualenvs) { counts[group, default: 0] += 1 }
    }
    return counts.map { InitSurvey.Group(path: $0.key, files: $0.value) }.sorted { $0.path < $1.path }
  }

  private static func group(of path: String, virtualenvs: Set<String>) -> String? {
    let parts = path.split(separator: "/")
    var folder = ""
    for part in parts.dropLast() {
      folder += part + "/"
      if folders.contains(String(part)) || virtualenvs.contains(folder) { return folder }
    }
    guard let name = parts.last.map(String.init) else { return nil }
    let lowered = name.lowercased()
    if names.contains(lowered) || prefixes.contains(where: { lowered.hasPrefix($0) }) { return path }
    if let dot = lowered.lastIndex(of: "."), dot != lowered.startIndex, extensions.contains(String(lowered[lowered.index(after: dot)...])) {
      return path
    }
    return nil
  }
}

/// Why `rk init` made no collection. In every case the folder is left as
/// it was.
public enum InitError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path names a file (or another non-folder), not a folder.
  case notAFolder(String, FileKind)
  /// The folder is already a collection in a git repository.
  case alreadyACollection(String)
  /// The folder holds files other than albums; `rk init --adopt` commits them.
  case notAFolderOfAlbums(folder: String, InitSurvey)
  /// Files that look private would be committed; they never are.
  case privateFiles(folder: String, InitSurvey)
  /// Making the collection failed.
  case store(StoreError)

  public var description: String {
    switch self {
    case .notAFolder(let path, let kind):
      return "\(path) is \(kind.article), not a folder: give rk init a folder (it makes a new one when nothing is there)"
    case .alreadyACollection(let path):
      return "\(path) is already a Record Keeper collection"
    case .notAFolderOfAlbums(let folder, let survey):
      var lines = [
        "\(folder) is not a folder of albums: rk init would commit \(survey.files.count) file\(survey.files.count == 1 ? "" : "s") (\(ByteCount.text(survey.totalSize))),"
          + " \(survey.otherFiles.count) of them outside any album:"
      ]
      let groups = survey.otherGroups
      lines += groups.prefix(10).map { "  \($0.path)" + ($0.path.hasSuffix("/") ? " (\($0.files) file\($0.files == 1 ? "" : "s"))" : "") }
      if groups.count > 10 { lines.append("  … and \(groups.count - 10) more") }
      lines.append("Largest files:")
      lines += survey.largest(5).map { "  \(ByteCount.text($0.size))  \($0.path)" }
      lines.append(
        "Nothing was changed. To start a collection of its own, run rk init with a new or empty folder (rk init ~/records);"
          + " to commit all of this as it is, run rk init --adopt.")
      return lines.joined(separator: "\n")
    case .privateFiles(let folder, let survey):
      var lines = ["\(folder) holds files that look private, and rk never commits them:"]
      lines += survey.privateGroups.prefix(20).map {
        "  \($0.path)" + ($0.path.hasSuffix("/") ? " (\($0.files) file\($0.files == 1 ? "" : "s"))" : "")
      }
      if survey.privateGroups.count > 20 { lines.append("  … and \(survey.privateGroups.count - 20) more") }
      lines.append(
        "Nothing was changed. Move them out of \(folder), or list them in \(folder)/.gitignore"
          + " (for example the line \"\(survey.privateGroups.first?.path ?? ".env")\"), then run rk init again;"
          + " better still, keep the collection in a folder of its own (rk init ~/records).")
      return lines.joined(separator: "\n")
    case .store(let error):
      return error.description
    }
  }
}
