// Import cycles over the whole source tree, type-only imports included (ESLint's no-cycle skips those, but a type
// import from the composition root into a route is still the design's one forbidden circle).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export function findImportCycles(root) {
  const configPath = path.join(root, 'tsconfig.json');
  const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, root);
  const files = parsed.fileNames.filter((f) => !f.includes('/node_modules/'));
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = [];
    for (const ref of info.importedFiles) {
      const resolved = ts.resolveModuleName(ref.fileName, file, parsed.options, ts.sys).resolvedModule;
      if (!resolved) continue;
      const target = ts.sys.realpath ? ts.sys.realpath(resolved.resolvedFileName) : resolved.resolvedFileName;
      if (known.has(target) && target !== file) targets.push(target);
    }
    graph.set(file, targets);
  }

  // Tarjan's strongly connected components: every component with more than one file is a cycle.
  let index = 0;
  const stack = [];
  const meta = new Map();
  const cycles = [];
  const visit = (v) => {
    meta.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!meta.has(w)) {
        visit(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).onStack) {
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
      }
    }
    if (meta.get(v).low === meta.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).onStack = false;
        component.push(path.relative(root, w));
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const file of files) if (!meta.has(file)) visit(file);
  return cycles;
}
