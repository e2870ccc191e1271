import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

const OUT_DIR = 'dist';
/** The lottery rules and the lottery feature's shared parts (the pages stay in their own chunks). */
const LOTTERY_CODE =
  /[\\/]src[\\/](client[\\/]features[\\/]lottery|domain[\\/]lottery)[\\/]|[\\/]src[\\/]domain[\\/]time\.ts$/;
/**
 * The lottery clock the home page's hot lotteries share with the betting page (the issue hook, the
 * server clock, the countdown and the family names): without this group they sit in the lottery
 * chunk, and the home page fetched all the lottery rules (17 KB gzip) for five small modules.
 */
const LOTTERY_CLOCK =
  /[\\/]src[\\/](client[\\/]features[\\/]lottery[\\/](hooks[\\/]useIssue\.ts|clock\.ts|families\.ts|components[\\/]CloseTimer\.tsx)|domain[\\/](time|lottery[\\/]types)\.ts)$/;
const DIALOG_LIBRARY =
  /[\\/]node_modules[\\/](@headlessui|use-sync-external-store|@floating-ui|@react-aria|@tanstack[\\/]react-virtual|tabbable)[\\/]/;
/**
 * Our small lazy parts that go with the dialog library: the money-action helper (its hook, useMoneyAction.ts,
 * stays with the pages and loads it on the first send) and the Headless UI controls.
 */
const DIALOG_PARTS =
  /[\\/]src[\\/]client[\\/](money[\\/]moneyAction\.ts$|ui[\\/](Sheet|Tabs)\.tsx$)/;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|webmanifest|json|txt)$/;
/** The lottery domain's folder: its index names the play catalogue as `./catalogue.ts`. */
const DOMAIN_LOTTERY = /[\\/]src[\\/]domain[\\/]lottery[\\/][^\\/]+\.ts$/;

/**
 * The client's play catalogue is lazy: domain/lottery/index.ts re-exports `./catalogue.ts`, which
 * imports every family's plays (what the server and the tests use); in the client build that name
 * resolves to `./lazyCatalogue.ts`, which loads each family by a dynamic import. Without this, the
 * index (imported by most lottery screens) would put all nine families in the lottery chunk and no
 * family chunk would be emitted. Both modules export playsOf and getPlay with the same types.
 */
function lazyPlayCatalogue(): Plugin {
  return {
    name: 'lazy-play-catalogue',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !DOMAIN_LOTTERY.test(importer) || !/^\.\/catalogue(\.ts)?$/.test(source))
        return null;
      return path.join(path.dirname(importer), 'lazyCatalogue.ts');
    },
  };
}

/** Every compressible file under `dir`, recursively. */
function compressibleFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return compressibleFiles(full);
    return COMPRESSIBLE.test(e.name) ? [full] : [];
  });
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file of the build, so the server sends
 * them as they are (src/server/http/pwa.ts) instead of compressing on each request. Runs after
 * vite-plugin-pwa's own closeBundle, so sw.js is compressed too. A variant that is not smaller
 * than the original is not written; the server then sends the original.
 */
function precompress(): Plugin {
  let outDir = path.resolve(OUT_DIR);
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        for (const file of compressibleFiles(outDir)) {
          const bytes = fs.readFileSync(file);
          const br = zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          });
          const gz = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
          if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
          if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    lazyPlayCatalogue(),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest,ico,txt}'],
        // The 100 avatars are fetched on demand, not precached.
        globIgnores: ['avatars/**'],
      },
    }),
    precompress(),
  ],
  worker: { format: 'es' },
  server: {
    proxy: {
      '/v1': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
    },
  },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    // Every browser of the es2022 target but Safari before 17 has modulepreload; there the links
    // are only hints it skips (the chunks still load by their imports), so the first screen does
    // not carry the polyfill (0.5 KB gzip).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The first screen's own code in one file: over HTTP/1.1 (six connections) ten small
            // files queued behind each other cost a phone more round trips than their bytes.
            { name: 'index', tags: ['$initial'], priority: 3 },
            // The dialog library, shared by the bet slip and a few rare screens, stays apart.
            // Our own small lazy parts that come with it (the money-action helper, the sheet and the
            // tab row: each under 1 KB, each a round trip of its own before) go in the same file.
            {
              name: 'dialog',
              test: (id: string) => DIALOG_LIBRARY.test(id) || DIALOG_PARTS.test(id),
              priority: 2,
            },
            // The lottery rules and the small lottery parts several pages share, in one file (the
            // betting page loaded seven of them): the betting page then needs three files.
            // Measured and left out: naming those three in the betting route's HTML as
            // modulepreload. On the phone profile (tests/bench/gamePage.ts) the link is
            // bandwidth-bound, so they only slowed the main chunk by ~180 ms, and the page's
            // requests wait for the main chunk; the page asks for them as soon as it runs.
            { name: 'clock', test: LOTTERY_CLOCK, minShareCount: 2, priority: 2 },
            { name: 'lottery', test: LOTTERY_CODE, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
});
