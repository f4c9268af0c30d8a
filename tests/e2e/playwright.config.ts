import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (there is no network for one).
export default defineConfig({
  testDir: './specs',
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 20_000,
  use: {
    baseURL: 'http://127.0.0.1:4173/',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node serve.mjs',
    url: 'http://127.0.0.1:4173/',
    reuseExistingServer: false,
    stdout: 'ignore',
  },
});
