/**
 * Whether this process lets V8 optimize PGlite's WebAssembly (see keepWasmOnBaselineCompiler in
 * db.server.ts). A server keeps it on the baseline compiler for its memory; a short command-line
 * tool that loads data in bulk (npm run seed) may take the optimizing compiler's moment of memory
 * for ~35 % less CPU (docs/decisions/143). Decided before the first PGlite of the process opens.
 */
let tierUpAllowed = false

export function allowWasmTierUp(): void {
  tierUpAllowed = true
}

export function wasmTierUpAllowed(): boolean {
  return tierUpAllowed
}
