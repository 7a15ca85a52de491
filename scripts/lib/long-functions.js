// Lists the functions, methods and arrow functions longer than --max lines (120 by default) in app/, scripts/
// and db/, longest first, and exits with 1 when there is one: a function that long usually does several things
// and is read more easily as several named ones. React components are left out (a page's markup is long
// without doing several things): a capitalised function in a .tsx file or one that returns JSX.
//
//   node scripts/lib/long-functions.js [--max=120] [folders or files...]
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { ROOT, parseArgs } from "./cli.js";

const DEFAULT_FOLDERS = ["app", "scripts", "db"];
const SKIPPED = new Set(["node_modules", "build", ".react-router", "migrations", "data"]);
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;

/** Every source file under `dir` (or `dir` itself when it is a file). */
function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  if (!fs.statSync(dir).isDirectory()) return SOURCE.test(dir) ? [dir] : [];
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

function scriptKind(file) {
  if (file.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (file.endsWith(".ts")) return ts.ScriptKind.TS;
  if (file.endsWith(".jsx")) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

function propertyName(name, file) {
  if (!name) return null;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return name.getText(file);
}

/**
 * The name a reader knows the function by: its own, the variable or property it is assigned to (through
 * wrappers such as `memo(...)` or `forwardRef(...)`), or the call it is passed to.
 */
function nameOf(node, file) {
  if (ts.isConstructorDeclaration(node)) {
    const cls = node.parent;
    return `${cls.name ? cls.name.text : "class"}.constructor`;
  }
  if (node.name) return propertyName(node.name, file);
  let child = node;
  let parent = node.parent;
  while (parent && (ts.isCallExpression(parent) || ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent))) {
    if (ts.isCallExpression(parent) && parent.expression === child) break;
    child = parent;
    parent = parent.parent;
  }
  if (!parent) return null;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return propertyName(parent.name, file);
  }
  if (ts.isExportAssignment(parent)) return "default";
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    return parent.left.getText(file);
  }
  if (ts.isCallExpression(child) && child !== node) {
    return `${child.expression.getText(file)}(…) callback`;
  }
  return null;
}

function containsJsx(node) {
  let found = false;
  const visit = (n) => {
    if (found) return;
    if (ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n) || ts.isJsxFragment(n)) {
      found = true;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** A React component: a capitalised name (or a default export) in a .tsx file, or one whose body returns JSX. */
function isComponent(node, name, file) {
  const capitalised = name === "default" || (!!name && /^[A-Z]/.test(name));
  if (!capitalised) return false;
  return file.fileName.endsWith(".tsx") || file.fileName.endsWith(".jsx") || containsJsx(node);
}

/** The functions of one file longer than `max` lines, as { file, line, lines, name }. */
export function longFunctions(fileName, text, max) {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const found = [];
  const visit = (node) => {
    if (isFunction(node) && node.body) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const lines = end - start + 1;
      const name = nameOf(node, file);
      if (lines > max && !isComponent(node, name, file)) {
        found.push({ file: fileName, line: start, lines, name: name ?? "(anonymous)" });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function main() {
  const args = parseArgs({ max: "120" });
  const max = Number(args.max);
  if (!Number.isInteger(max) || max < 1) {
    console.error("--max must be a whole number of lines, e.g. --max=120");
    process.exit(2);
  }
  const targets = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const roots = (targets.length ? targets : DEFAULT_FOLDERS).map((t) => path.resolve(ROOT, t));
  const found = [];
  for (const file of roots.flatMap(sourceFiles)) {
    found.push(...longFunctions(path.relative(ROOT, file), fs.readFileSync(file, "utf8"), max));
  }
  found.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
  for (const f of found) console.log(`${f.file}:${f.line}  ${f.name}  ${f.lines} lines`);
  if (found.length) {
    console.log(`\n${found.length} function(s) longer than ${max} lines: split them where they do several things.`);
    process.exit(1);
  }
  console.log(`No function longer than ${max} lines outside React components.`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
