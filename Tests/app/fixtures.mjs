// The fixtures the Swift tests write from the library (Tests/Fixtures): the catalogue of
// GET /api/schema and the search cases. The app must search as they say.
import { readFileSync } from 'node:fs';

const read = (name) => JSON.parse(readFileSync(new URL(`../Fixtures/${name}`, import.meta.url), 'utf8'));

export const schema = read('schema.json');
export const searchCases = read('search-cases.json');

/** The app's folder, for tests that read its files as text. */
export const APP = new URL('../../Sources/RecordKeeperServer/App/', import.meta.url);
