#include <git2.h>

/* git_libgit2_opts is variadic, which Swift cannot call: fixed-arity
   wrappers for the options rk uses. */

/* git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path) */
static inline int rk_git_set_search_path(int level, const char *path) {
  return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}

/* git_libgit2_opts(GIT_OPT_GET_SEARCH_PATH, level, out) */
static inline int rk_git_get_search_path(int level, git_buf *out) {
  return git_libgit2_opts(GIT_OPT_GET_SEARCH_PATH, level, out);
}

/* The backend struct itself (its foreach and free), for reading one pack's index. */
#include <git2/sys/odb_backend.h>

/* The index's rename entries (NAME), which say which paths of a merge's
   conflicts are one file renamed on a side. */
#include <git2/sys/index.h>

/* git_repository_set_odb: a fetch downloads into a folder of its own, then
   the repository reads objects from a fresh database again. */
#include <git2/sys/repository.h>
