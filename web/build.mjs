// Builds the pages into dist/: one JavaScript bundle and one stylesheet
// named after their content (cached for good by the Go handler), and
// index.html pointing at them. It also writes dist/source.sha256, a digest
// of the sources, so that a Go test can tell when dist/ is older than src/.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('.', import.meta.url).pathname;
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'assets'), { recursive: true });

const result = await esbuild.build({
  entryPoints: [join(root, 'src/main.ts')],
  bundle: true,
  format: 'esm',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  minify: true,
  sourcemap: false,
  legalComments: 'eof',
  outdir: join(dist, 'assets'),
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
});

let js = '';
let css = '';
for (const [file, info] of Object.entries(result.metafile.outputs)) {
  if (!info.entryPoint) {
    if (file.endsWith('.css')) css = '/' + relative(dist, join(root, file));
    continue;
  }
  js = '/' + relative(dist, join(root, file));
  if (info.cssBundle) css = '/' + relative(dist, join(root, info.cssBundle));
}
if (!js || !css) throw new Error('build: missing bundle outputs');
const html = readFileSync(join(root, 'src/index.html'), 'utf8').replace('{{js}}', js).replace('{{css}}', css);
writeFileSync(join(dist, 'index.html'), html);

// The digest covers what the build reads: src/, the lockfile and this script.
const files = [];
const walk = dir => {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else files.push(p);
  }
};
walk(join(root, 'src'));
// The message catalogues the pages share with the Go code (package lang).
walk(join(root, '..', 'lang', 'catalog'));
files.push(join(root, 'package-lock.json'), join(root, 'build.mjs'));
const h = createHash('sha256');
for (const f of files) {
  h.update(relative(root, f).split('\\').join('/') + '\0');
  h.update(readFileSync(f));
  h.update('\0');
}
writeFileSync(join(dist, 'source.sha256'), h.digest('hex') + '\n');
console.log(`built ${js} ${css}`);
