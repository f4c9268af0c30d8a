// Debian's Chromium, never a downloaded browser (there is no network for one): the flags every
// Playwright config here launches it with (toolchain.md, pitfall 6).
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];
