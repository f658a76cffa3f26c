/**
 * Finds every server function twice: in the sources (which middleware each one lists) and in the
 * production build (the id each one answers to at /_serverFn/<id>). A function added later is
 * found the same way, so it cannot be left out of the access tests.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

export interface SourceServerFn {
  /** Path from the repository root, as Start records it (`src/features/…`). */
  file: string
  name: string
  method: 'GET' | 'POST'
  middleware: string[]
}

const SKIP = new Set(['src/paraglide', 'src/routeTree.gen.ts'])

function sourceFiles(dir: string, root: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    const rel = relative(root, path)
    if (SKIP.has(rel)) return []
    if (entry.isDirectory()) return sourceFiles(path, root)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

interface Chain {
  method: 'GET' | 'POST'
  middleware: string[]
  hasHandler: boolean
}

/** Reads `createServerFn({ method }).middleware([a, b]).validator(…).handler(…)`, or a chain on a factory. */
function readChain(node: ts.Expression, factories: Map<string, Chain>, seen: Set<ts.Node>): Chain | null {
  if (ts.isIdentifier(node)) {
    const base = factories.get(node.text)
    return base ? { ...base, middleware: [...base.middleware], hasHandler: false } : null
  }
  if (!ts.isCallExpression(node)) return null
  const callee = node.expression
  if (ts.isIdentifier(callee) && callee.text === 'createServerFn') {
    seen.add(node)
    let method: 'GET' | 'POST' = 'GET'
    const options = node.arguments[0]
    if (options && ts.isObjectLiteralExpression(options)) {
      for (const prop of options.properties) {
        if (ts.isPropertyAssignment(prop) && prop.name.getText() === 'method' && ts.isStringLiteral(prop.initializer)) {
          method = prop.initializer.text === 'POST' ? 'POST' : 'GET'
        }
      }
    }
    return { method, middleware: [], hasHandler: false }
  }
  if (!ts.isPropertyAccessExpression(callee)) return null
  const chain = readChain(callee.expression, factories, seen)
  if (!chain) return null
  const step = callee.name.text
  if (step === 'handler') chain.hasHandler = true
  if (step === 'middleware') {
    const list = node.arguments[0]
    if (list && ts.isArrayLiteralExpression(list)) {
      for (const item of list.elements) chain.middleware.push(item.getText())
    }
  }
  return chain
}

/** Every `const x = createServerFn(…)…handler(…)` under src/, with the middleware it lists. */
export function findSourceServerFns(root: string): { fns: SourceServerFn[]; unrecognised: string[] } {
  const fns: SourceServerFn[] = []
  const unrecognised: string[] = []
  for (const path of sourceFiles(join(root, 'src'), root)) {
    const text = readFileSync(path, 'utf8')
    if (!text.includes('createServerFn(')) continue
    const file = relative(root, path)
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
    const factories = new Map<string, Chain>()
    const seen = new Set<ts.Node>()
    const calls: ts.CallExpression[] = []
    source.forEachChild(function visit(node) {
      if (ts.isVariableDeclaration(node) && node.initializer && ts.isIdentifier(node.name)) {
        const chain = readChain(node.initializer, factories, seen)
        if (chain?.hasHandler) fns.push({ file, name: node.name.text, method: chain.method, middleware: chain.middleware })
        else if (chain) factories.set(node.name.text, chain)
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'createServerFn') {
        calls.push(node)
      }
      node.forEachChild(visit)
    })
    for (const call of calls.filter((c) => !seen.has(c))) {
      const { line } = source.getLineAndCharacterOfPosition(call.getStart())
      unrecognised.push(`${file}:${line + 1}: a createServerFn chain this test cannot read (assign it to a const)`)
    }
  }
  return { fns, unrecognised }
}

export interface BuiltServerFn {
  id: string
  name: string
  file: string
}

function buildFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return buildFiles(path)
    return entry.name.endsWith('.mjs') ? [path] : []
  })
}

/**
 * The server build registers each function as `createServerRpc({ id, name, filename }, …)`;
 * the browser calls it at `/_serverFn/<id>` (Start ≥ 1.169 addresses functions by this id).
 */
export function findBuiltServerFns(outputDir: string): BuiltServerFn[] {
  const found = new Map<string, BuiltServerFn>()
  const pattern = /createServerRpc\(\{\s*id:\s*"([0-9a-f]+)",\s*name:\s*"([^"]+)",\s*filename:\s*"([^"]+)"/g
  for (const path of buildFiles(join(outputDir, 'server'))) {
    for (const match of readFileSync(path, 'utf8').matchAll(pattern)) {
      const [, id, name, file] = match as unknown as [string, string, string, string]
      found.set(id, { id, name, file })
    }
  }
  return [...found.values()]
}
