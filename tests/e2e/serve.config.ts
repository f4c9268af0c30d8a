import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS as args } from './chromium';

// The layer "what `cargo xtask serve` serves" (xtask/src/main.rs, `serve_check`): the dev build,
// served by xtask's own server at SERVE_URL, which xtask starts before it runs this config. No
// webServer here: the server under test is the one a new user meets.

export default defineConfig({
  testDir: './serve',
  workers: 1,
  retries: 0,
  reporter: 'list',
  // A debug bundle of every view is tens of MB: compiling it takes seconds on 2 cores.
  timeout: 90_000,
  use: {
    baseURL: process.env.SERVE_URL ?? 'http://127.0.0.1:8080/',
    launchOptions: { executablePath: CHROMIUM, args },
  },
});
