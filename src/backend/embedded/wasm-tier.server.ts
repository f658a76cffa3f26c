/** Whether this process lets V8 optimize all of PGlite's WebAssembly, the function whose optimizing
 * costs ~600 MB included (see withStartOnBaselineCompiler in db.server.ts). */
let tierUpAllowed = false

export function allowWasmTierUp(): void {
  tierUpAllowed = true
}

export function wasmTierUpAllowed(): boolean {
  return tierUpAllowed
}
