// Types of node24.mjs (a plain Node script: it runs before any TypeScript loader exists).
export declare const NODE24_VERSION: string;
export declare const NODE_MAJOR: number;
export declare const NODE24_LINE: string;
export declare function checkNode(version?: string): void;
export declare function node24BinDir(log?: (line: string) => void): string;
