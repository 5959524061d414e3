// How the console's own modules are grouped into files, read from the module graph, never from a
// list of file names. The lazy parts are the app's import()s (the routes' pages and the shell in
// app/App.tsx, each screen kind's page in app/screenPages.tsx, a dialog's first opening), each a
// file of its own by Rolldown's default; what several parts share, Rolldown puts in a file per set
// of parts sharing it, which gave the login page ten files of a kilobyte each (issue 54). So
// everything the login route's page reaches goes in the login page's file, the parts it shares
// with the other pages included: the login page is every first visit's, and what the others take
// from its file is already there when they come. The signed-in side's routes likewise: every
// signed-in visit loads them, and the fifty pieces of a kilobyte its screens share with them cost a
// response's headers each (issue 54).

/** What Rolldown's chunking context tells of a module (its `ModuleInfo`, the fields read here). */
export interface ModuleGraph {
  getModuleInfo(id: string): { importers: string[]; dynamicImporters: string[]; isEntry: boolean } | null;
}

/** The lazy parts (modules some import() loads) whose static imports reach `id`, and whether the entry's do. */
function partsReaching(id: string, graph: ModuleGraph): { parts: Set<string>; fromEntry: boolean } {
  const parts = new Set<string>();
  let fromEntry = false;
  const seen = new Set([id]);
  const queue = [id];
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    const info = graph.getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry) fromEntry = true;
    if (info.dynamicImporters.length > 0) {
      parts.add(current);
      continue;
    }
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return { parts, fromEntry };
}

/**
 * Rolldown's `codeSplitting.groups[].name` for one lazy part (`part`, the module an import() loads):
 * every module that part reaches, and no module of the entry's own, in the file named `name`; null
 * (Rolldown's default) for any other module. Groups listed first take a module first.
 */
export function partGroup(part: string, name: string) {
  return (id: string, graph: ModuleGraph): string | null => {
    const { parts, fromEntry } = partsReaching(id, graph);
    return !fromEntry && parts.has(part) ? name : null;
  };
}
