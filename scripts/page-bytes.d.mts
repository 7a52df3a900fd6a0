/** Types of scripts/page-bytes.mjs for vite.config.ts and the tests. */
export interface ChunkGraph {
  /** The entry chunk index.html loads. */
  entry: string;
  chunks: Record<
    string,
    {
      /** The module the chunk starts from (`src/features/auth/pages/login-page.tsx`), null for a shared chunk. */
      facade: string | null;
      imports: string[];
      dynamicImports: string[];
      css: string[];
      /** The modules the chunk holds, from the project root; absent in a graph read from a manifest. */
      modules?: string[];
    }
  >;
}
export interface PageBytes {
  /** Gzip bytes of the JS and CSS the page loads before it shows. */
  total: number;
  /** Gzip bytes of the JS the page loads that the login page does not. */
  addedOverLogin: number;
}
export function chunkGraphPath(outDir: string): string;
export function chunkGraphFromManifest(manifest: Record<string, unknown>): ChunkGraph;
export function staticClosure(graph: ChunkGraph, file: string, seen?: Set<string>): Set<string>;
export function pageBytes(dist: string, graph: ChunkGraph): Record<string, PageBytes>;
