// Lists the exports under app/ and db/ that no other file imports, and exits with 1 when there is one: an
// export nobody imports is dead code, or a name that should not be public (drop `export`).
//
// A name counts as used when any other file of the project imports it: app/, db/, tests/, scripts/ and the
// root configuration and launcher (an export used only by tests counts as used). A re-export counts only when
// its own name is used: a module's door (index.ts, index.server.ts) passes a use on to the file it re-exports
// from, and a door entry nobody imports is reported like any other export. Files read by a framework count
// their conventional names as used: route modules (app/routes/**, app/root.tsx), app/entry.server.tsx,
// app/routes.ts and the Drizzle schema named in drizzle.config.ts. Also understood: `import * as ns` (its
// `ns.name` uses, or all when `ns` itself is passed on), `await import("…")` and Vite's `ssrLoadModule("…")`,
// `import("…").Type` and `typeof import("…")`, in TypeScript and in JSDoc. Only syntax is read (no type
// check), so a run takes a second or two.
//
//   node scripts/lib/unused-exports.js
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { ROOT } from "./cli.js";

/** The folders whose exports are checked. */
const CHECKED = ["app", "db"];
/** Folders that hold no source of ours (generated types, builds, data). */
const SKIPPED = new Set([
  "node_modules",
  ".react-router",
  "migrations",
  "test-results",
  "playwright-report",
  "coverage",
]);
const SKIPPED_PREFIX = ["build", "data", "bench-results", "mail-previews", "."];
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/;

/** What React Router reads from a route module (and app/root.tsx). */
const ROUTE_EXPORTS = [
  "default",
  "loader",
  "action",
  "clientLoader",
  "clientAction",
  "meta",
  "links",
  "headers",
  "handle",
  "ErrorBoundary",
  "HydrateFallback",
  "Layout",
  "shouldRevalidate",
  "middleware",
  "clientMiddleware",
  "unstable_middleware",
  "unstable_clientMiddleware",
];
/** What React Router reads from the server entry. */
const ENTRY_SERVER_EXPORTS = ["default", "handleError", "handleDataRequest", "streamTimeout"];

// ---------------------------------------------------------------------------------------------------
// Reading the project

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_PREFIX.some((p) => entry.name.startsWith(p))) continue;
      out.push(...sourceFiles(full));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

/** The project's compiler options (its path aliases), or plain bundler resolution without a tsconfig.json. */
function compilerOptions(root) {
  const configFile = path.join(root, "tsconfig.json");
  if (!fs.existsSync(configFile)) {
    return { allowJs: true, moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext };
  }
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configFile).options;
}

function scriptKind(file) {
  if (file.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (/\.[mc]?ts$/.test(file)) return ts.ScriptKind.TS;
  if (file.endsWith(".jsx")) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

/** The parsed files of the project and a resolver from an import's specifier to one of them. */
function readProject(root) {
  const options = compilerOptions(root);
  const files = sourceFiles(root);
  const known = new Set(files);
  const parsed = new Map();
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    parsed.set(file, ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file)));
  }
  const cache = new Map();
  /** The project file a specifier names, or null (a package, a generated or virtual module). */
  const resolve = (specifier, from) => {
    const key = `${path.dirname(from)}\0${specifier}`;
    if (!cache.has(key)) {
      // Vite's `ssrLoadModule("/app/…")` names a file from the project's root.
      const resolved = specifier.startsWith("/")
        ? path.join(root, specifier)
        : ts.resolveModuleName(specifier, from, options, ts.sys).resolvedModule?.resolvedFileName;
      const file = resolved ? path.resolve(resolved) : null;
      cache.set(key, file && known.has(file) ? file : null);
    }
    return cache.get(key);
  };
  const isChecked = (file) => CHECKED.some((dir) => file.startsWith(path.join(root, dir) + path.sep));
  return { root, files, known, parsed, resolve, isChecked };
}

// ---------------------------------------------------------------------------------------------------
// Syntax helpers

const hasModifier = (node, kind) => !!node.modifiers?.some((m) => m.kind === kind);

/** Every identifier bound by a declaration name (`const { a, b: [c] } = …` binds a and c). */
function boundNames(name) {
  if (ts.isIdentifier(name)) return [name];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : boundNames(e.name)));
}

/** Every node of a file, JSDoc included (a JavaScript file's types live there). */
function walk(node, visit) {
  visit(node);
  if (node.jsDoc) for (const doc of node.jsDoc) walk(doc, visit);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/** The references to a name in a file: not its declaration (`except`), nor an import, export or property name. */
function references(source, name, except = new Set()) {
  const found = [];
  walk(source, (node) => {
    if (!ts.isIdentifier(node) || node.text !== name || except.has(node)) return;
    const p = node.parent;
    if (ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p) || ts.isExportSpecifier(p)) return;
    if ((ts.isPropertyAccessExpression(p) && p.name === node) || (ts.isQualifiedName(p) && p.right === node)) return;
    if ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isMethodDeclaration(p)) && p.name === node) {
      return;
    }
    if (ts.isBindingElement(p) && p.propertyName === node) return;
    found.push(node);
  });
  return found;
}

/** `import("…")`, or Vite's `ssrLoadModule("…")`: a module loaded at run time. */
function loadsModule(call) {
  if (call.expression.kind === ts.SyntaxKind.ImportKeyword) return true;
  const callee = call.expression;
  return ts.isPropertyAccessExpression(callee) && callee.name.text === "ssrLoadModule";
}

// ---------------------------------------------------------------------------------------------------
// Each file's exports

/** A file's imports: local name → { from, name } ("*" for a namespace, from null for a package). */
function importsOf(source, resolve) {
  const imports = new Map();
  for (const stmt of source.statements) {
    if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteral(stmt.moduleSpecifier) || !stmt.importClause) continue;
    const from = resolve(stmt.moduleSpecifier.text, source.fileName);
    const clause = stmt.importClause;
    if (clause.name) imports.set(clause.name.text, { from, name: "default" });
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) imports.set(bindings.name.text, { from, name: "*" });
    if (bindings && ts.isNamedImports(bindings)) {
      for (const el of bindings.elements) imports.set(el.name.text, { from, name: (el.propertyName ?? el.name).text });
    }
  }
  return imports;
}

/** The names a file declares at its top level: name → whether it is only a type. */
function declarationsOf(source) {
  const locals = new Map();
  for (const stmt of source.statements) {
    const isType = ts.isTypeAliasDeclaration(stmt) || ts.isInterfaceDeclaration(stmt);
    if (ts.isVariableStatement(stmt)) {
      for (const d of stmt.declarationList.declarations) {
        for (const id of boundNames(d.name)) locals.set(id.text, false);
      }
    } else if (stmt.name && ts.isIdentifier(stmt.name)) {
      locals.set(stmt.name.text, isType && locals.get(stmt.name.text) !== false);
    }
  }
  return locals;
}

/** `export const`, `export function`, `export type`, `export default …`: the file's own exports. */
function addDeclaredExport(exports, stmt) {
  if (hasModifier(stmt, ts.SyntaxKind.ExportKeyword)) {
    if (hasModifier(stmt, ts.SyntaxKind.DefaultKeyword)) {
      exports.set("default", { kind: "local", isType: false, node: stmt, local: stmt.name?.text });
    } else if (ts.isVariableStatement(stmt)) {
      for (const d of stmt.declarationList.declarations) {
        for (const id of boundNames(d.name)) exports.set(id.text, { kind: "local", isType: false, node: id });
      }
    } else if (stmt.name) {
      const isType = ts.isTypeAliasDeclaration(stmt) || ts.isInterfaceDeclaration(stmt);
      const before = exports.get(stmt.name.text);
      // `export const X` and `export type X` side by side: the name is a value too.
      exports.set(stmt.name.text, { kind: "local", isType: isType && (!before || before.isType), node: stmt.name });
    }
  } else if (ts.isExportAssignment(stmt) && !stmt.isExportEquals) {
    exports.set("default", { kind: "local", isType: false, node: stmt });
  }
}

/** `export … from "…"` and `export { a }`: re-exports, or (pending) a local exported by name. */
function addExportDeclaration(exports, stars, stmt, resolve) {
  const from =
    stmt.moduleSpecifier && ts.isStringLiteral(stmt.moduleSpecifier)
      ? resolve(stmt.moduleSpecifier.text, stmt.getSourceFile().fileName)
      : undefined;
  const clause = stmt.exportClause;
  if (!clause) {
    if (from) stars.push(from);
  } else if (ts.isNamespaceExport(clause)) {
    if (from) exports.set(clause.name.text, { kind: "ns", from, node: clause.name });
  } else {
    for (const el of clause.elements) {
      const orig = (el.propertyName ?? el.name).text;
      if (stmt.moduleSpecifier) {
        exports.set(el.name.text, from ? { kind: "re", from, name: orig, node: el } : { kind: "external", node: el });
      } else {
        exports.set(el.name.text, { kind: "pending", local: orig, node: el, isType: stmt.isTypeOnly || el.isTypeOnly });
      }
    }
  }
}

/**
 * A file's exports: name → { kind: "local", isType } | { kind: "re", from, name } | { kind: "ns", from } |
 * { kind: "external" } (a package's name passed on), each with its node; and the files it re-exports whole.
 */
function exportTable(source, resolve) {
  const exports = new Map();
  const stars = [];
  for (const stmt of source.statements) {
    if (ts.isExportDeclaration(stmt)) addExportDeclaration(exports, stars, stmt, resolve);
    else addDeclaredExport(exports, stmt);
  }
  // `import { a } from "./a"; export { a }` re-exports; `const a = …; export { a }` exports a local.
  const imports = importsOf(source, resolve);
  const locals = declarationsOf(source);
  for (const [name, entry] of exports) {
    if (entry.kind !== "pending") continue;
    const imported = imports.get(entry.local);
    const { node } = entry;
    if (imported?.from && imported.name === "*") exports.set(name, { kind: "ns", from: imported.from, node });
    else if (imported?.from) exports.set(name, { kind: "re", from: imported.from, name: imported.name, node });
    else if (imported) exports.set(name, { kind: "external", node });
    else {
      const isType = entry.isType || locals.get(entry.local) === true;
      exports.set(name, { kind: "local", isType, node, local: entry.local });
    }
  }
  return { exports, stars };
}

// ---------------------------------------------------------------------------------------------------
// Marking what is used

/** The set of used (file, name) pairs, and how a use travels along re-exports. */
function createMarks(tables) {
  const used = new Set();

  function hasExport(file, name, seen = new Set()) {
    if (seen.has(file)) return false;
    seen.add(file);
    const table = tables.get(file);
    if (table.exports.has(name)) return true;
    return name !== "default" && table.stars.some((s) => hasExport(s, name, seen));
  }

  function allNames(file, seen = new Set()) {
    if (seen.has(file)) return [];
    seen.add(file);
    const table = tables.get(file);
    const names = [...table.exports.keys()];
    for (const star of table.stars) names.push(...allNames(star, seen).filter((n) => n !== "default"));
    return [...new Set(names)];
  }

  /** Whether a name is only a type (so a module object passed on at run time cannot carry it). */
  function isTypeOnly(file, name, seen = new Set()) {
    const key = `${file}\0${name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const entry = tables.get(file).exports.get(name);
    if (entry?.kind === "local") return entry.isType;
    if (entry?.kind === "re") return isTypeOnly(entry.from, entry.name, seen);
    if (entry) return false;
    const star = tables.get(file).stars.find((s) => hasExport(s, name));
    return star ? isTypeOnly(star, name, seen) : false;
  }

  function mark(file, name) {
    if (!file) return;
    const key = `${file}\0${name}`;
    if (used.has(key)) return;
    used.add(key);
    const table = tables.get(file);
    const entry = table.exports.get(name);
    if (entry?.kind === "re") mark(entry.from, entry.name);
    else if (entry?.kind === "ns") markAll(entry.from, false);
    else if (!entry && name !== "default") {
      for (const star of table.stars) if (hasExport(star, name)) mark(star, name);
    }
  }

  function markAll(file, valuesOnly) {
    if (!file) return;
    for (const name of allNames(file)) if (!valuesOnly || !isTypeOnly(file, name)) mark(file, name);
  }

  return { used, mark, markAll };
}

/** `import * as ns`: the names read as `ns.name`, or everything when `ns` is passed on. */
function markNamespace(marks, source, local, target) {
  for (const ref of references(source, local)) {
    const p = ref.parent;
    if (ts.isPropertyAccessExpression(p) && p.expression === ref) marks.mark(target, p.name.text);
    else if (ts.isQualifiedName(p) && p.left === ref) marks.mark(target, p.right.text);
    else if (ts.isElementAccessExpression(p) && ts.isStringLiteral(p.argumentExpression)) {
      marks.mark(target, p.argumentExpression.text);
    } else marks.markAll(target, !ts.isTypeQueryNode(p));
  }
}

function markImportDeclaration(marks, source, node, target, checked) {
  const clause = node.importClause;
  // In a checked file, an import only passed on by `export { a }` is a re-export: it counts when that is used.
  const read = (id) => !checked || references(source, id.text, new Set([id])).length > 0;
  if (clause.name && read(clause.name)) marks.mark(target, "default");
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) markNamespace(marks, source, bindings.name.text, target);
  if (bindings && ts.isNamedImports(bindings)) {
    for (const el of bindings.elements) if (read(el.name)) marks.mark(target, (el.propertyName ?? el.name).text);
  }
}

/** `const { a } = await import("…")` and `(await import("…")).a` use a; anything else uses every value. */
function markModuleLoad(marks, node, target) {
  let p = node.parent;
  while (ts.isParenthesizedExpression(p)) p = p.parent;
  if (ts.isAwaitExpression(p)) {
    let q = p.parent;
    while (ts.isParenthesizedExpression(q)) q = q.parent;
    if (ts.isVariableDeclaration(q) && ts.isObjectBindingPattern(q.name)) {
      for (const el of q.name.elements) {
        const name = el.propertyName ?? el.name;
        if (ts.isIdentifier(name)) marks.mark(target, name.text);
        else marks.markAll(target, true);
      }
      return;
    }
    if (ts.isPropertyAccessExpression(q)) return marks.mark(target, q.name.text);
  }
  marks.markAll(target, true);
}

/** Every import, module load and import type of one file. */
function markUsesIn(marks, project, file, source) {
  const checked = project.isChecked(file);
  const resolveLiteral = (lit) => (lit && ts.isStringLiteralLike(lit) ? project.resolve(lit.text, file) : null);
  walk(source, (node) => {
    if (ts.isImportDeclaration(node) && node.importClause) {
      const target = resolveLiteral(node.moduleSpecifier);
      if (target) markImportDeclaration(marks, source, node, target, checked);
    } else if (ts.isExportDeclaration(node) && !checked && node.moduleSpecifier) {
      // A file whose exports are not checked (a test helper) passes on what it re-exports.
      const target = resolveLiteral(node.moduleSpecifier);
      const clause = node.exportClause;
      if (!target) return;
      if (!clause || ts.isNamespaceExport(clause)) marks.markAll(target, false);
      else for (const el of clause.elements) marks.mark(target, (el.propertyName ?? el.name).text);
    } else if (ts.isCallExpression(node) && loadsModule(node)) {
      const target = resolveLiteral(node.arguments[0]);
      if (target) markModuleLoad(marks, node, target);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const target = resolveLiteral(node.argument.literal);
      if (!target) return;
      if (!node.qualifier) return marks.markAll(target, false);
      let first = node.qualifier;
      while (ts.isQualifiedName(first)) first = first.left;
      marks.mark(target, first.text);
    }
  });
}

/** What frameworks read by convention: route modules, the server entry, the site map, Drizzle's schema. */
function markConventions(marks, project) {
  const { root, files, known } = project;
  const appFile = (...parts) => path.join(root, "app", ...parts);
  for (const file of files) {
    if (file.startsWith(appFile("routes") + path.sep) || file === appFile("root.tsx")) {
      for (const name of ROUTE_EXPORTS) marks.mark(file, name);
    }
  }
  const entryServer = [".tsx", ".ts", ".jsx", ".js"].map((e) => appFile(`entry.server${e}`)).find((f) => known.has(f));
  if (entryServer) for (const name of ENTRY_SERVER_EXPORTS) marks.mark(entryServer, name);
  if (known.has(appFile("routes.ts"))) marks.mark(appFile("routes.ts"), "default");
  const drizzleConfig = path.join(root, "drizzle.config.ts");
  if (fs.existsSync(drizzleConfig)) {
    for (const [, schema] of fs.readFileSync(drizzleConfig, "utf8").matchAll(/schema:\s*["']([^"']+)["']/g)) {
      const file = path.resolve(root, schema);
      // drizzle-kit reads the tables, not the types.
      if (known.has(file)) marks.markAll(file, true);
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// The report

/** What to do about an unused export: drop `export` when its file uses it, else delete it. */
function advice(source, name, entry) {
  if (entry.kind !== "local") return "re-export nobody imports: remove the entry";
  const local = entry.local ?? (name === "default" ? undefined : name);
  const declared = new Set();
  if (ts.isIdentifier(entry.node)) declared.add(entry.node);
  else if (entry.node.name) declared.add(entry.node.name);
  const inFile = local ? references(source, local, declared).length > 0 : false;
  return inFile ? "used only in its own file: drop `export`" : "used nowhere: delete it";
}

/** The exports under app/ and db/ nobody imports, as { file, line, name, advice }. */
export function findUnusedExports(root = ROOT) {
  const project = readProject(root);
  const tables = new Map();
  for (const [file, source] of project.parsed) tables.set(file, exportTable(source, project.resolve));
  const marks = createMarks(tables);
  for (const [file, source] of project.parsed) markUsesIn(marks, project, file, source);
  markConventions(marks, project);

  const unused = [];
  for (const [file, { exports }] of tables) {
    if (!project.isChecked(file)) continue;
    const source = project.parsed.get(file);
    for (const [name, entry] of exports) {
      if (marks.used.has(`${file}\0${name}`)) continue;
      const line = source.getLineAndCharacterOfPosition(entry.node.getStart(source)).line + 1;
      unused.push({ file: path.relative(root, file), line, name, advice: advice(source, name, entry) });
    }
  }
  return unused.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

function main() {
  const started = Date.now();
  const unused = findUnusedExports();
  for (const u of unused) console.log(`${u.file}:${u.line}  ${u.name}  (${u.advice})`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (unused.length) {
    console.log(`\n${unused.length} export(s) nobody imports (${seconds} s).`);
    process.exit(1);
  }
  console.log(`Every export under ${CHECKED.join("/ and ")}/ is imported somewhere (${seconds} s).`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
