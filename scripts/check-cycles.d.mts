export function importGraph(files: string[], alias?: Record<string, string>): Map<string, string[]>;
export function circles(graph: Map<string, string[]>): string[][];
