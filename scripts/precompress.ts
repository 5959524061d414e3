// Run after `vite build`: every text file of the console, precompressed once with brotli (quality
// 11) and gzip (level 9) beside itself (app.js.br, app.js.gz). The server sends the one the browser
// accepts (@fastify/static's preCompressed mode, src/server/routes/console.ts), so a tablet on a
// weak link receives a fifth of the bytes, and nothing is compressed again per request. Given a
// directory (`tsx scripts/precompress.ts <dir>`), it does the same to that build instead
// (scripts/bench/peer.ts, for the react-admin app it compares the login page with).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(import.meta.dirname, '../dist/console');
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Smaller files gain less than the extra headers cost. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== '.vite') yield* files(file);
    } else if (TEXT.test(name)) yield file;
  }
}

let raw = 0;
let brotli = 0;
let count = 0;
for (const file of files(dist)) {
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } });
  const gz = gzipSync(content, { level: 9 });
  if (br.length < content.length) writeFileSync(`${file}.br`, br);
  if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
  raw += content.length;
  brotli += Math.min(br.length, content.length);
  count++;
}
console.log(`precompressed ${count} files: ${(raw / 1e6).toFixed(2)} MB, ${(brotli / 1e6).toFixed(2)} MB as brotli`);
