export declare const repoRoot: string;
export declare const CHECKED_PROJECTS: string[];
export declare function folderImports(project: string): Map<string, Set<string>>;
export declare function cyclesOf(edges: Map<string, Set<string>>): string[][];
export declare function folderCycles(projects?: string[]): Record<string, string[][]>;
