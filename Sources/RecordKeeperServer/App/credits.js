// Credited artists (docs/commands.md, "Credited artists"): the server works them out (`credits` in an album's object);
// the app only names them.

/** The names an album's artist credits (`credits` of its object; `A feat. B` is by A and B), for "More by A and B". */
export function creditedNames(album) {
  const names = Array.isArray(album.credits) && album.credits.length ? album.credits : [album.artist];
  return names.length < 3 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
