// Whether an IndexedDB database exists, asked without opening it (opening creates it)
// and without loading Dexie: a first visit has none, and need not download the library
// only to learn that (docs/decisions/0203).

/** False only when the browser says the database does not exist; true when it exists or the browser cannot say. */
export async function databaseMayExist(name: string): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true
  try {
    return (await indexedDB.databases()).some((database) => database.name === name)
  } catch {
    return true
  }
}
