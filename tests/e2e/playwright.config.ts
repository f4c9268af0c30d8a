import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { APP, APP_PORT, COURSE_PORT } from './specs/ports';
import { CHROMIUM, CHROMIUM_ARGS as args } from './chromium';

export default defineConfig({
  testDir: './specs',
  // Every test opens its own browser context against a static server: they share nothing, so
  // they run side by side on as many workers as the machine has cores (CI: 2).
  fullyParallel: true,
  workers: Math.max(1, Math.min(4, availableParallelism())),
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL: APP,
    launchOptions: { executablePath: CHROMIUM, args },
    // The service worker would fill its cache in the background of every test; offline.spec.ts
    // allows it where it is what is tested.
    serviceWorkers: 'block',
  },
  projects: [
    // Every spec, in a browser without WebGPU (requestAdapter() gives null: the fallback path).
    { name: 'chromium', testIgnore: /webgpu\.spec\.ts/ },
    // The gpu panel's kernels on SwiftShader's CPU adapter, which --enable-unsafe-webgpu turns on.
    {
      name: 'webgpu',
      testMatch: /webgpu\.spec\.ts/,
      use: { launchOptions: { executablePath: CHROMIUM, args: [...args, '--enable-unsafe-webgpu'] } },
    },
  ],
  webServer: {
    command: `PORT=${APP_PORT} COURSE_PORT=${COURSE_PORT} node serve.mjs`,
    url: APP,
    reuseExistingServer: false,
    stdout: 'ignore',
  },
});
