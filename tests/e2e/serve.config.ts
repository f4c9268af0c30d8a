import { defineConfig } from '@playwright/test';

// The layer "what `cargo xtask serve` serves" (xtask/src/main.rs, `serve_check`): the dev build,
// served by xtask's own server at SERVE_URL, which xtask starts before it runs this config. No
// webServer here: the server under test is the one a new user meets.
const args = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];

export default defineConfig({
  testDir: './serve',
  workers: 1,
  retries: 0,
  reporter: 'list',
  // A debug bundle of every view is tens of MB: compiling it takes seconds on 2 cores.
  timeout: 90_000,
  use: {
    baseURL: process.env.SERVE_URL ?? 'http://127.0.0.1:8080/',
    launchOptions: { executablePath: '/usr/bin/chromium', args },
  },
});
