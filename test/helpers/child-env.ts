/**
 * The whole environment of a node process a test starts: PATH, Node's compile cache (turned on
 * in vitest.config.ts, so each child reuses the code its predecessors compiled instead of
 * compiling accessbot and its dependencies again) and what the test gives; nothing else of this
 * process leaks in.
 */
export function childEnv(env: Record<string, string> = {}): Record<string, string> {
  const cache = process.env.NODE_COMPILE_CACHE;
  return { PATH: process.env.PATH ?? '', ...(cache && { NODE_COMPILE_CACHE: cache }), ...env };
}
