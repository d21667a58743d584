/**
 * Lists the functions longer than a limit (80 lines by default), longest first: every function
 * declaration, method, accessor, constructor, function expression and arrow function, measured
 * from its first to its last line (a nested function counts in its parent too), parsed with the
 * TypeScript compiler, not guessed from braces.
 *
 *   deno run -A tools/long_functions.ts [--max 80] [folders or files...]   (default: edge/)
 *
 * `tests/code/shape_test.ts` holds the capabilities it names to the limit.
 */
import ts from "typescript";

export interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
}

function nameOf(node: ts.Node, sf: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) {
    const owner = node.parent && ts.isClassLike(node.parent) && node.parent.name
      ? `${node.parent.name.text}.`
      : "";
    return owner + named.name.getText(sf);
  }
  if (ts.isConstructorDeclaration(node)) return "constructor";
  // an arrow or function expression: the variable or property it is assigned to, else the call
  const p = node.parent;
  if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) && p.name) {
    return p.name.getText(sf);
  }
  if (p && ts.isCallExpression(p)) return `(callback of ${p.expression.getText(sf).slice(0, 40)})`;
  return "(anonymous)";
}

/** The functions of one source text longer than `max` lines. */
export function longFunctions(file: string, text: string, max: number): LongFunction[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const out: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      const last = sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const lines = last - first + 1;
      if (lines > max) out.push({ file, name: nameOf(node, sf), line: first, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Every .ts/.tsx file under `roots` (tests excluded), read and measured. */
export async function scan(roots: string[], max: number): Promise<LongFunction[]> {
  const out: LongFunction[] = [];
  const files: string[] = [];
  const walk = async (path: string) => {
    const info = await Deno.stat(path);
    if (info.isFile) {
      if (/\.tsx?$/.test(path) && !/_test\.tsx?$/.test(path)) files.push(path);
      return;
    }
    for await (const e of Deno.readDir(path)) await walk(`${path.replace(/\/$/, "")}/${e.name}`);
  };
  for (const r of roots) await walk(r);
  for (const f of files.sort()) out.push(...longFunctions(f, await Deno.readTextFile(f), max));
  return out.sort((a, b) => b.lines - a.lines);
}

if (import.meta.main) {
  const args = [...Deno.args];
  const at = args.indexOf("--max");
  const max = at >= 0 ? Number(args.splice(at, 2)[1]) : 80;
  const found = await scan(args.length ? args : ["edge/"], max);
  for (const f of found) console.log(`${f.lines}\t${f.file}:${f.line}\t${f.name}`);
  console.log(`${found.length} functions over ${max} lines`);
}
