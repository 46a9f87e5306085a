#!/usr/bin/env node
/**
 * What runs first: Node's compile cache, then the program (cli.tsx). Node 22.1+ can keep the
 * code it compiles from the bundle on disk (os.tmpdir()/node-compile-cache, or where
 * NODE_COMPILE_CACHE says) and read it back at the next start instead of compiling again: on
 * Node 24 print's start then runs ~17 M fewer instructions (~2.5 ms). It must be on before the
 * bundle loads, so the program is imported here rather than statically. Node 20 has no such
 * cache (the call is absent); a cache that cannot be written is left alone, silently (Node
 * says nothing, and the bundle is compiled as before).
 */
type CompileCache = {enableCompileCache?: () => unknown};
try {
	(process.getBuiltinModule?.('node:module') as CompileCache | undefined)?.enableCompileCache?.();
} catch {
	// No cache: nothing is lost but the time it saves.
}
await import('./cli.js');
