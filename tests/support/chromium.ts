// Debian's Chromium (/usr/bin/chromium), as every browser test, benchmark and budget check launches
// it: headless, no sandbox (containers), nothing fetched from Google. No browser is ever downloaded.
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
