// Fails the build when the gzipped JavaScript in dist/assets exceeds the budget.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 250;
const assets = new URL("../dist/assets/", import.meta.url).pathname;
const sizeOf = (ext) =>
  readdirSync(assets)
    .filter((name) => name.endsWith(ext))
    .reduce((total, name) => total + gzipSync(readFileSync(join(assets, name))).length, 0);

const js = sizeOf(".js") / 1024;
const css = sizeOf(".css") / 1024;
console.log(`gzipped: JS ${js.toFixed(1)} KB, CSS ${css.toFixed(1)} KB (JS budget ${BUDGET_KB} KB)`);
if (js > BUDGET_KB) {
  console.error(`JS bundle over budget: ${js.toFixed(1)} KB > ${BUDGET_KB} KB`);
  process.exit(1);
}
