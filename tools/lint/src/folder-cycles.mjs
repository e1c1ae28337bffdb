// Folder-level import cycles of a project: the folders directly under `src/` (a feature, `lib`, `api`, …) and the
// relative imports between them. A cycle (a imports b, b imports a, directly or through others) means neither can be
// understood, changed or moved on its own (issue 14). Usage: `node tools/lint/src/folder-cycles.mjs [project…]`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** The projects whose folders must form no cycle: every service, the gateway, the libs and the front ends. */
export const CHECKED_PROJECTS = [
  'services/identity',
  'services/therapy',
  'services/billing',
  'gateway',
  'libs/contracts',
  'libs/mastery',
  'libs/server-kit',
  'libs/web-kit',
  'shell',
  'mfe-plans',
  'mfe-behaviors',
  'mfe-billing',
  'mfe-admin',
];

const SOURCE = /\.(ts|tsx|mjs|js)$/;
const TEST = /\.(spec|int-spec)\.tsx?$/;
const RELATIVE_IMPORT =
  /(?:^|[\s;])(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !TEST.test(name) ? [path] : [];
  });
}

/** The folder under `src/` a file is in; files directly in `src/` (entry points, the root module) belong to none. */
function folderOf(src, file) {
  const parts = relative(src, file).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : null;
}

/** `Map<folder, Set<folder>>`: which folders each folder imports (tests left out: they may reach anywhere). */
export function folderImports(project) {
  const src = join(repoRoot, project, 'src');
  const edges = new Map();
  for (const file of sourceFiles(src)) {
    const from = folderOf(src, file);
    if (from === null) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const to = folderOf(src, resolve(dirname(file), match[1] ?? match[2]));
      if (to === null || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  return edges;
}

/** The cycles (strongly connected components of two folders or more, each sorted) of a folder graph (Tarjan). */
export function cyclesOf(edges) {
  let next = 0;
  const order = new Map();
  const lowest = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (folder) => {
    order.set(folder, next);
    lowest.set(folder, next);
    next += 1;
    stack.push(folder);
    onStack.add(folder);
    for (const target of edges.get(folder) ?? []) {
      if (!order.has(target)) {
        visit(target);
        lowest.set(folder, Math.min(lowest.get(folder), lowest.get(target)));
      } else if (onStack.has(target)) {
        lowest.set(folder, Math.min(lowest.get(folder), order.get(target)));
      }
    }
    if (lowest.get(folder) !== order.get(folder)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== folder);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const folder of edges.keys()) if (!order.has(folder)) visit(folder);
  return cycles.sort((a, b) => a.join().localeCompare(b.join()));
}

/** `{ project: cycles }` for the projects given. */
export function folderCycles(projects = CHECKED_PROJECTS) {
  return Object.fromEntries(projects.map((project) => [project, cyclesOf(folderImports(project))]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const projects = process.argv.length > 2 ? process.argv.slice(2) : CHECKED_PROJECTS;
  for (const [project, cycles] of Object.entries(folderCycles(projects))) {
    console.log(
      `${project.padEnd(20)} ${cycles.length ? cycles.map((cycle) => cycle.join(' ⇄ ')).join(' | ') : 'no cycle'}`,
    );
  }
}
