// Writes dist/preload.json: what the gateway names in a page's HTML (<link rel="preload">) so the
// browser fetches it while it still parses the HTML, instead of one step of the chain at a time
// (HTML → main → bootstrap and shared chunks → manifest → remote entry → page chunks → API).
//
//   { "bootstrap": ["main.x.js", "703.x.js", …],  the shell's files every page runs before rendering
//     "routes": [{ "path", "remote", "module" }] }   from src/route-table.json
//
// The bootstrap files are exact: the entry's, the chunks of the `import('./bootstrap')` group and,
// following each shared module that code consumes, the chunks of the copy the shell provides (the
// one the page uses: the shell registers every shared module first). The gateway adds each route's
// remote files from that remote's mf-manifest.json.
import { readFileSync } from 'node:fs';

const PLUGIN = 'B2gPreloadPlugin';

function jsFiles(chunkGroup) {
  return chunkGroup.getFiles().filter((file) => file.endsWith('.js'));
}

/** The chunk group of each module the shell provides to the share scope, by share key. */
function providedGroups(compilation) {
  const groups = new Map();
  for (const module of compilation.modules) {
    if (module.type !== 'provide-module') continue;
    const group = compilation.chunkGraph.getBlockChunkGroup(module.blocks[0]);
    // (a private field: webpack offers no public accessor for the share key of a provided module)
    if (group) groups.set(module._name, group);
  }
  return groups;
}

/** The chunks a chunk group runs, and those of the shared modules (the shell's copies) it uses. */
function filesNeededBy(compilation, start) {
  const { chunkGraph } = compilation;
  const provided = providedGroups(compilation);
  const files = new Set();
  const seen = new Set();
  const pending = [start];
  while (pending.length > 0) {
    const group = pending.pop();
    if (seen.has(group)) continue;
    seen.add(group);
    for (const file of jsFiles(group)) files.add(file);
    for (const chunk of group.chunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== 'consume-shared-module') continue;
        const copy = provided.get(module.options.shareKey);
        if (copy) pending.push(copy);
      }
    }
  }
  return [...files].sort();
}

export class PreloadPlugin {
  /** @param {{ chunkName: string, routeTable: URL }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const group = compilation.namedChunkGroups.get(this.options.chunkName);
          if (!group) {
            compilation.errors.push(
              new Error(`${PLUGIN}: no chunk named ${this.options.chunkName}`),
            );
            return;
          }
          const routes = JSON.parse(readFileSync(this.options.routeTable, 'utf8')).map(
            ({ path, remote, module }) => ({ path, remote, module }),
          );
          // The entry first: the HTML's deferred <script> for it would otherwise be fetched at
          // low priority, behind the preloads of the files it loads.
          const entries = [...compilation.entrypoints.values()].flatMap(jsFiles);
          const bootstrap = [...new Set([...entries, ...filesNeededBy(compilation, group)])];
          const preload = { bootstrap, routes };
          compilation.emitAsset('preload.json', new RawSource(JSON.stringify(preload, null, 2)));
        },
      );
    });
  }
}
