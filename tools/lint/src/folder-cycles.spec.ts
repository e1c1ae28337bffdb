import { CHECKED_PROJECTS, cyclesOf, folderCycles } from './folder-cycles.mjs';

/**
 * Issue 14: the folders of every service, the gateway, the libs and the front ends import one another one way only
 * (ADRs 0026–0028 say how the last cycles were cut). A new cycle fails here with the folders it runs through.
 */
describe('folder-level import cycles', () => {
  it('finds a cycle through several folders and none in a one-way chain', () => {
    const graph = (pairs: Array<[string, string]>) => {
      const edges = new Map<string, Set<string>>();
      for (const [from, to] of pairs) edges.set(from, new Set([...(edges.get(from) ?? []), to]));
      return edges;
    };
    expect(
      cyclesOf(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
          ['c', 'd'],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(
      cyclesOf(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['a', 'c'],
        ]),
      ),
    ).toEqual([]);
  });

  it('leaves no cycle in any project', () => {
    expect(folderCycles()).toEqual(Object.fromEntries(CHECKED_PROJECTS.map((project) => [project, []])));
  });
});
