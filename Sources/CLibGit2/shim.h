#include <git2.h>
/* The backend struct itself (its foreach and free), for reading one pack's index. */
#include <git2/sys/odb_backend.h>
