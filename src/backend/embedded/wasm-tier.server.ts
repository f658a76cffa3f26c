/**
 * Whether this process lets V8 optimize all of PGlite's WebAssembly, the function whose optimizing
 * costs ~600 MB included (see withStartOnBaselineCompiler in db.server.ts). A server keeps that one
 * on the baseline compiler for its memory; a short command-line tool that loads data in bulk
 * (npm run seed, npm run restore) may take the optimizing compiler's moment of memory for ~35 % less
 * CPU (docs/decisions/144). Decided before the first PGlite of the process opens.
 */
let tierUpAllowed = false

export function allowWasmTierUp(): void {
  tierUpAllowed = true
}

export function wasmTierUpAllowed(): boolean {
  return tierUpAllowed
}
