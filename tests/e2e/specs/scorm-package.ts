import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// "Download as an LMS package (SCORM)" driven as an instructor does, on the quiz page or the
// author page: the package saved, tested and unzipped with a standard unzip into
// .packages/<dir>/, as an LMS serves it (the SCORM and assignment specs launch it from there).

const packages = resolve(__dirname, '../.packages');

/** Opens `query`, downloads its package for `version` at `pass` %, unzips it into
 *  .packages/<dir>/ and returns its suggested file name, file list and manifest text. */
export async function downloadPackage(page: Page, query: string, version: '1.2' | '2004', pass: string, dir: string) {
  await page.goto(query);
  await page.locator('details.scorm summary').click();
  await page.locator('select[name=scorm-version]').selectOption(version);
  await page.locator('input[name=pass-score]').fill(pass);
  const [dl] = await Promise.all([page.waitForEvent('download'), page.locator('[data-action=download-scorm]').click()]);
  await expect(page.locator('[data-scorm-status=done]')).toBeVisible();
  mkdirSync(packages, { recursive: true });
  const zip = join(packages, `${dir}.zip`);
  await dl.saveAs(zip);
  rmSync(join(packages, dir), { recursive: true, force: true });
  // A standard unzip: it tests every CRC, then extracts.
  execFileSync('unzip', ['-tq', zip]);
  execFileSync('unzip', ['-q', zip, '-d', join(packages, dir)]);
  const listing = execFileSync('unzip', ['-Z1', zip]).toString().trim().split('\n');
  const manifest = readFileSync(join(packages, dir, 'imsmanifest.xml'), 'utf8');
  return { filename: dl.suggestedFilename(), listing, manifest, bytes: statSync(zip).size, zip };
}

/** What a package of bundles `bundles` in `lang` holds (issue 43: only what its pages need):
 *  the shell, the favicon, each bundle's files in that language, and the manifest. */
export function packageFiles(site: string[], bundles: string[], lang = 'en'): string[] {
  const held = site.filter((n) =>
    n === 'index.html' || n.startsWith('favicon-') || bundles.some((b) => n.startsWith(`${b}-${lang}-`)));
  return [...held, 'imsmanifest.xml'].sort();
}

/** The files of `zip` that are deflated (method 8, "Defl:N" in unzip's verbose listing). */
export function deflated(zip: string): string[] {
  return execFileSync('unzip', ['-v', zip]).toString().split('\n')
    .filter((l) => /\sDefl:/.test(l)).map((l) => l.trim().split(/\s+/).pop()!);
}
