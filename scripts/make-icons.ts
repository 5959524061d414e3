// `npm run icons`: the PWA's PNG icons, drawn from public/favicon.svg by headless Chromium
// (Debian's /usr/bin/chromium through playwright-core; nothing is downloaded). Writes public/:
// pwa-192x192.png, pwa-512x512.png (the favicon as it is, transparent corners),
// maskable-512x512.png (full-bleed background, the mark shrunk into the safe zone: a launcher
// may cut any shape inside the central 80 % circle) and apple-touch-icon-180x180.png (iOS draws
// its own rounded corners, so full-bleed too). The PNGs are committed; run again after changing
// the SVG.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(import.meta.dirname, '../public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

/** The favicon on a full square, its mark scaled by `scale` around the centre. */
function fullBleed(svg: string, scale: number): string {
  const match = svg.match(/^(<svg[^>]*>)(<rect[^>]*\/>)([\s\S]*)(<\/svg>)\s*$/);
  if (!match) throw new Error('make-icons: public/favicon.svg is no longer <svg><rect/>mark</svg>; update this script');
  const [, open, rect, mark, close] = match as unknown as [string, string, string, string, string];
  const square = rect.replace(/\s+rx="[^"]*"/, '');
  return `${open}${square}<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${mark}</g>${close}`;
}

const icons = [
  { file: 'pwa-192x192.png', size: 192, svg: favicon },
  { file: 'pwa-512x512.png', size: 512, svg: favicon },
  { file: 'maskable-512x512.png', size: 512, svg: fullBleed(favicon, 0.8) },
  { file: 'apple-touch-icon-180x180.png', size: 180, svg: fullBleed(favicon, 0.9) },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const src = `data:image/svg+xml;base64,${Buffer.from(icon.svg).toString('base64')}`;
    await page.setContent(`<style>html,body{margin:0;background:transparent}img{display:block}</style><img src="${src}" width="${icon.size}" height="${icon.size}">`);
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path: path.join(publicDir, icon.file), omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    await page.close();
    console.log(`public/${icon.file} (${icon.size}x${icon.size})`);
  }
} finally {
  await browser.close();
}
