/**
 * No import cycle in lib/, between files or between folders, and lib/'s folders in a declared layer
 * order: a folder imports only folders of lower layers, never its own layer's nor a higher
 * one's. Every relative (or WXT-aliased, `~/lib/…`) import of every .ts/.tsx file under lib/ is read
 * by the structure tests' one scanner (tests/support/imports.ts), whatever its form.
 * Type-only imports (`import type`, `export type … from`) COUNT: they vanish at run time, but a cycle
 * through them is still two modules that each need the other to be read, changed or tested, and lib/
 * has none today. A failure names each cycle as a path of files, `a → b → a`, and each upward import
 * as `file → imported file`.
 */
import { describe, expect, it } from 'vitest';
import { importGraph, sourcesUnder } from '../support/imports';

type Graph = Map<string, string[]>;

/** One cycle per strongly connected group (Tarjan), as a path that starts and ends at its first file. */
function findCycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  // Within each group, the shortest path from its first file back to itself (breadth-first).
  return groups.map((group) => {
    const start = group[0] as string;
    const inGroup = new Set(group);
    const parent = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const v = queue.shift() as string;
      for (const w of graph.get(v) ?? []) {
        if (w === start) {
          const path = [start];
          for (let at: string | undefined = v; at !== undefined && at !== start; at = parent.get(at))
            path.splice(1, 0, at);
          return [...path, start];
        }
        if (inGroup.has(w) && !parent.has(w)) {
          parent.set(w, v);
          queue.push(w);
        }
      }
    }
    return [...group, start];
  });
}

/** The folder of lib/ a file belongs to (a file at lib/'s root is its own). */
const folderOf = (file: string) => {
  const parts = file.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : file;
};

/**
 * lib/'s folders as one graph: `lib/a → lib/b` when a file of lib/a imports a file of lib/b (a file
 * at lib/'s root is its own node). A cycle here is two folders that each need the other: neither
 * can be read, changed or tested alone, whatever files the arrows run between.
 */
function folderGraph(files: Graph): Graph {
  const graph: Graph = new Map();
  for (const [file, targets] of files) {
    const from = folderOf(file);
    const outs = new Set(graph.get(from) ?? []);
    for (const t of targets) if (folderOf(t) !== from) outs.add(folderOf(t));
    graph.set(from, [...outs].sort());
  }
  return graph;
}

/**
 * lib/'s layers, bottom up. A folder (or a file at lib/'s root) may import only what sits in a LOWER
 * layer: an arrow within a layer or upward is refused, so no folder cycle can form either. The
 * vocabulary at the bottom; then the three leaves over it (storage, the protocol, the service's
 * client); the readers and records built on them; the checks; the runner; the background, which
 * wires everything, on top. A new folder must be placed here (the test refuses an undeclared one).
 */
const LIB_LAYERS: readonly (readonly string[])[] = [
  ['lib/domain', 'lib/clock.ts', 'lib/zod-setup.ts'],
  ['lib/storage', 'lib/messaging', 'lib/qbo'],
  ['lib/collect', 'lib/journal', 'lib/restore'],
  ['lib/connection', 'lib/preflight'],
  ['lib/resolve'],
  ['lib/find', 'lib/selection'],
  ['lib/jobs', 'lib/popup'],
  ['lib/audit'],
  ['lib/background'],
];

/**
 * What the two page contexts stand on, narrower than their layer: the content script's code
 * (lib/collect) speaks the vocabulary and the protocol only; the popup's code (lib/popup) also reads
 * lib/find's import parser (loaded by a dynamic import) and its result row type, nothing of the
 * background, the runner, the checks or the service's client.
 */
const ONLY_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  'lib/collect': ['lib/domain', 'lib/messaging'],
  'lib/popup': ['lib/domain', 'lib/messaging', 'lib/find'],
  'lib/messaging': ['lib/domain'],
};

/** Every import that breaks the layers (`from → to (why)`), from the file graph of lib/. */
function layerViolations(
  files: Graph,
  layers: readonly (readonly string[])[],
  only: Readonly<Record<string, readonly string[]>> = {},
): string[] {
  const layerOf = new Map(layers.flatMap((folders, i) => folders.map((f) => [f, i] as const)));
  const found: string[] = [];
  for (const [file, targets] of files) {
    const from = folderOf(file);
    const fromLayer = layerOf.get(from);
    if (fromLayer === undefined) {
      found.push(`${from} is in no layer`);
      continue;
    }
    for (const t of targets) {
      const to = folderOf(t);
      if (to === from) continue;
      const toLayer = layerOf.get(to);
      if (toLayer === undefined) found.push(`${file} → ${t} (${to} is in no layer)`);
      else if (toLayer >= fromLayer) found.push(`${file} → ${t} (layer ${fromLayer} imports layer ${toLayer})`);
      else if (only[from] && !only[from].includes(to))
        found.push(`${file} → ${t} (${from} imports only ${only[from].join(', ')})`);
    }
  }
  return [...new Set(found)].sort();
}

const libSources = () => sourcesUnder(['lib'], /\.(ts|tsx)$/);

describe('lib/ has no import cycle', () => {
  it('no cycle among the relative imports of lib/ (type-only imports included)', () => {
    const graph = importGraph(libSources());
    expect(graph.size).toBeGreaterThan(50);
    expect([...graph.values()].flat().length).toBeGreaterThan(graph.size);
    expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('no cycle among the folders of lib/ (collect ↔ messaging was the last one)', () => {
    const folders = folderGraph(importGraph(libSources()));
    expect([...folders.keys()]).toEqual(expect.arrayContaining(['lib/collect', 'lib/domain', 'lib/messaging']));
    expect(findCycles(folders).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('folds files into folders and names a folder cycle that no file cycle shows', () => {
    const sources = new Map([
      ['lib/x/a.ts', "import type { B } from '../y/b';"],
      ['lib/y/b.ts', "import { c } from './c';"],
      ['lib/y/c.ts', "import { d } from '../x/d';"],
      ['lib/x/d.ts', ''],
      ['lib/z/e.ts', "import { a } from '../x/a';\nimport { now } from '../clock';"],
      ['lib/clock.ts', ''],
    ]);
    const files = importGraph(sources);
    expect(findCycles(files)).toEqual([]);
    expect(folderGraph(files)).toEqual(
      new Map([
        ['lib/x', ['lib/y']],
        ['lib/y', ['lib/x']],
        ['lib/z', ['lib/clock.ts', 'lib/x']],
        ['lib/clock.ts', []],
      ]),
    );
    expect(findCycles(folderGraph(files)).map((c) => c.join(' → '))).toEqual(['lib/x → lib/y → lib/x']);
  });

  it('finds and names a cycle, type-only edges included', () => {
    const sources = new Map([
      ['lib/x/a.ts', "import { b } from './b';"],
      ['lib/x/b.ts', "import type { C } from '../y/c';"],
      ['lib/y/c.ts', "export { a } from '../x/a';"],
      ['lib/y/d.ts', "import { a } from '../x/a';"],
      ['lib/z/self.ts', "import './self';"],
      ['lib/z/index.ts', "import { s } from '../z';"],
    ]);
    expect(findCycles(importGraph(sources)).map((c) => c.join(' → '))).toEqual([
      'lib/x/a.ts → lib/x/b.ts → lib/y/c.ts → lib/x/a.ts',
      'lib/z/index.ts → lib/z/index.ts',
      'lib/z/self.ts → lib/z/self.ts',
    ]);
  });
});

describe('lib/ in layers', () => {
  it('every folder of lib/ is in one layer, and no import goes to its own layer or upward', () => {
    const sources = libSources();
    const declared = LIB_LAYERS.flat();
    expect(new Set(declared).size).toBe(declared.length);
    expect([...new Set([...sources.keys()].map(folderOf))].sort()).toEqual([...declared].sort());
    expect(layerViolations(importGraph(sources), LIB_LAYERS, ONLY_IMPORTS)).toEqual([]);
  });

  it('the content script and the popup stand on a narrower base than their layer', () => {
    const layerOf = (folder: string) => LIB_LAYERS.findIndex((layer) => layer.includes(folder));
    for (const [folder, allowed] of Object.entries(ONLY_IMPORTS))
      for (const under of allowed) expect(layerOf(under), `${folder} → ${under}`).toBeLessThan(layerOf(folder));
  });

  it('names an upward import, one within a layer, an undeclared folder and one outside the narrower base', () => {
    const layers = [['lib/a', 'lib/root.ts'], ['lib/b', 'lib/c'], ['lib/d']];
    const sources = new Map([
      ['lib/a/x.ts', "import type { Y } from '../b/y';\nimport type { D } from '~/lib/d/d';"],
      ['lib/b/y.ts', "import { r } from '../root';\nimport { z } from './z';"],
      ['lib/b/z.ts', "import { c } from '../c/c';"],
      ['lib/c/c.ts', "import { a } from '~/lib/a/x';"],
      ['lib/d/d.ts', "import { y } from '../b/y';\nimport { c } from '../c/c';"],
      ['lib/e/e.ts', "import { x } from '../a/x';"],
      ['lib/root.ts', ''],
    ]);
    expect(layerViolations(importGraph(sources), layers, { 'lib/d': ['lib/b'] })).toEqual([
      'lib/a/x.ts → lib/b/y.ts (layer 0 imports layer 1)',
      'lib/a/x.ts → lib/d/d.ts (layer 0 imports layer 2)',
      'lib/b/z.ts → lib/c/c.ts (layer 1 imports layer 1)',
      'lib/d/d.ts → lib/c/c.ts (lib/d imports only lib/b)',
      'lib/e is in no layer',
    ]);
  });
});
