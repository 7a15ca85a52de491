import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { longFunctions } from "../../scripts/lib/long-functions.js";
import { longRouteFiles } from "../../scripts/lib/route-size.js";
import { findUnusedExports } from "../../scripts/lib/unused-exports.js";

type Long = { name: string; lines: number };
type Unused = { file: string; name: string; advice: string };

const body = (n: number) => Array.from({ length: n }, (_v, i) => `  const v${i} = ${i};`).join("\n");

describe("check:long-functions", () => {
  it("finds functions, arrow functions and methods over the limit, by the name a reader knows", () => {
    const text = [
      `export function short() {\n${body(1)}\n}`,
      `export function long() {\n${body(5)}\n}`,
      `export const arrow = async () => {\n${body(5)}\n};`,
      `class Store {\n  load() {\n${body(5)}\n  }\n}`,
    ].join("\n");
    const found: Long[] = longFunctions("app/x.ts", text, 5);
    expect(found.map((f) => [f.name, f.lines])).toEqual([
      ["long", 7],
      ["arrow", 7],
      ["load", 7],
    ]);
  });

  it("leaves React components out, but not a capitalised helper without JSX in a .ts file", () => {
    const component = `export function Page() {\n${body(5)}\n  return <main />;\n}`;
    const helper = `export function Helper() {\n${body(5)}\n}`;
    expect(longFunctions("app/page.tsx", component, 5)).toEqual([]);
    expect(longFunctions("app/helper.ts", helper, 5).map((f: Long) => f.name)).toEqual(["Helper"]);
  });
});

describe("check:unused-exports", () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "unused-exports-"));
    write(
      "app/modules/a/a.ts",
      [
        "export const direct = 1;",
        "export function viaDoor() {}",
        "export function doorOnly() {}",
        "export const forTests = 2;",
        "export const onlyHere = 3;",
        "export const dead = onlyHere;",
      ].join("\n"),
    );
    write("app/modules/a/index.ts", 'export { viaDoor, doorOnly } from "./a";\n');
    write("app/lazy.ts", "export const lazy = 1;\nexport const notLazy = 2;\n");
    write("app/ns.ts", "export const read = 1;\nexport const unread = 2;\n");
    write("app/types.ts", "export type Shape = { a: 1 };\nexport type Other = { b: 2 };\n");
    write(
      "app/consumer.ts",
      [
        'import { direct } from "./modules/a/a";',
        'import { viaDoor } from "./modules/a";',
        'import * as ns from "./ns";',
        'const { lazy } = await import("./lazy");',
        "console.log(direct, viaDoor, ns.read, lazy);",
      ].join("\n"),
    );
    write(
      "app/routes/page.tsx",
      "export async function loader() {}\nexport default function Page() { return null; }\nexport const helper = 1;\n",
    );
    write("tests/a.test.ts", 'import { forTests } from "../app/modules/a/a";\nconsole.log(forTests);\n');
    write("scripts/s.js", '/** @typedef {import("../app/types").Shape} S */\nexport const s = 1;\n');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("reports what no other file imports, and says whether to drop `export` or delete", () => {
    const found: Unused[] = findUnusedExports(root);
    expect(found.map((u) => `${u.file} ${u.name}`).sort()).toEqual(
      [
        "app/lazy.ts notLazy",
        "app/modules/a/a.ts dead",
        "app/modules/a/a.ts doorOnly",
        "app/modules/a/a.ts onlyHere",
        "app/modules/a/index.ts doorOnly",
        "app/ns.ts unread",
        "app/routes/page.tsx helper",
        "app/types.ts Other",
      ].sort(),
    );
    const advice = Object.fromEntries(found.map((u) => [u.name, u.advice]));
    expect(advice.onlyHere).toMatch(/drop `export`/);
    expect(advice.dead).toMatch(/delete/);
    expect(found.find((u) => u.file.endsWith("index.ts"))?.advice).toMatch(/re-export/);
  });
});

describe("check:route-size", () => {
  let root: string;
  const write = (file: string, lines: number) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), `${Array.from({ length: lines }, (_v, i) => `// ${i}`).join("\n")}\n`);
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "route-size-"));
    write("app/routes/site/short.tsx", 5);
    write("app/routes/site/exact.tsx", 6);
    write("app/routes/admin/long.tsx", 7);
    write("app/routes/api/longest.ts", 9);
    write("app/routes/site/+types/generated.ts", 50);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("lists the route files over the limit, longest first, and leaves generated types out", () => {
    const found = longRouteFiles([path.join(root, "app/routes")], 6, root);
    expect(found).toEqual([
      { file: path.join("app", "routes", "api", "longest.ts"), lines: 9 },
      { file: path.join("app", "routes", "admin", "long.tsx"), lines: 7 },
    ]);
  });
});
