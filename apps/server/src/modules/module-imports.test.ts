// Imports between server modules run one way for running queries (issue 18): the query service and the
// data-queries routes both use modules/execution, which uses neither, and they do not import each other.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES = path.dirname(fileURLToPath(import.meta.url));

/** The modules each module's source (not its tests or test support) imports. */
async function moduleImports(): Promise<Map<string, Set<string>>> {
  const graph = new Map<string, Set<string>>();
  for (const entry of await readdir(MODULES, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const imports = new Set<string>();
    for (const file of await readdir(path.join(MODULES, entry.name), { recursive: true })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.includes('test-support')) continue;
      const source = await readFile(path.join(MODULES, entry.name, file), 'utf8');
      const depth = file.split(path.sep).length;
      for (const match of source.matchAll(/from '((?:\.\.\/)+)([a-z-]+)\//g)) {
        if (match[1]!.length / 3 === depth && match[2] !== entry.name) imports.add(match[2]!);
      }
    }
    graph.set(entry.name, imports);
  }
  return graph;
}

/** Every module reachable from `start` through imports. */
function reachable(graph: Map<string, Set<string>>, start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    for (const next of graph.get(name) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        visit(next);
      }
    }
  };
  visit(start);
  return seen;
}

describe('imports between modules', () => {
  it('finds imports between modules (the reader works)', async () => {
    const graph = await moduleImports();
    expect(graph.get('query')).toContain('execution');
    expect(graph.get('data-queries')).toContain('execution');
  });

  it('runs queries through modules/execution in one direction', async () => {
    const graph = await moduleImports();
    for (const name of ['execution', 'query', 'data-queries']) expect(reachable(graph, name), `${name} reaches itself`).not.toContain(name);
    expect(reachable(graph, 'execution')).not.toContain('query');
    expect(reachable(graph, 'execution')).not.toContain('data-queries');
    expect(graph.get('query')).not.toContain('data-queries');
    expect(graph.get('data-queries')).not.toContain('query');
  });
});
