import tailwindcss from '@tailwindcss/vite';
import Beasties from 'beasties';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, type Plugin } from 'vite';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { tsImport } from 'tsx/esm/api';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The dev server hands /api and /config.json to the local stack, so `npm run dev` behaves like the
// one-URL production setup (CloudFront in front of S3 and the API).
const target = `http://127.0.0.1:${process.env.PORT || 3000}`;

/**
 * The SPA needs only each route's method and path at run time; the zod schemas stay types. These
 * virtual modules carry that slice of the route table, so zod is not shipped to customers: the
 * public routes in the entry (the first screen calls them), the signed-in customer's and the
 * admin's each a chunk of its own, loaded on the first call that needs one. Reseller routes are
 * signed by resellers' servers, never called by the SPA.
 */
const ROUTE_SLICES = {
  'virtual:route-paths': ['routePaths', 'public'],
  'virtual:route-paths/user': ['userRoutePaths', 'user'],
  'virtual:route-paths/admin': ['adminRoutePaths', 'admin'],
} as const;

function routePaths(): Plugin {
  const slices = ROUTE_SLICES as Record<string, readonly [string, string]>;
  return {
    name: 'khelaghor-route-paths',
    resolveId: (source) => (slices[source] ? `\0${source}` : undefined),
    async load(resolved) {
      const slice = resolved.startsWith('\0') ? slices[resolved.slice(1)] : undefined;
      if (!slice) return undefined;
      const [exported, access] = slice;
      // tsx loads the TypeScript contract the way the rest of the repo runs it.
      const { routes } = (await tsImport('../contract/src/routes/index.ts', import.meta.url)) as {
        routes: Record<string, { method: string; path: string; access: string }>;
      };
      const slim = Object.fromEntries(
        Object.entries(routes)
          .filter(([, def]) => def.access === access)
          .map(([name, def]) => [name, { method: def.method, path: def.path }]),
      );
      return `export const ${exported} = ${JSON.stringify(slim)};`;
    },
  };
}

/**
 * robots.txt: a Sitemap line must be an absolute URL, so it is written when the build knows the
 * shop's public origin (PUBLIC_URL); the sitemap itself is the API's GET /api/sitemap.xml.
 */
function robotsTxt(): Plugin {
  return {
    name: 'khelaghor-robots',
    apply: 'build',
    generateBundle() {
      const origin = process.env.PUBLIC_URL?.replace(/\/+$/, '');
      const lines = [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /grant-admin',
        'Disallow: /test-admin',
        'Disallow: /dev-admin-tools',
        'Disallow: /payment',
        'Disallow: /api/',
        'Allow: /api/sitemap.xml',
        ...(origin ? ['', `Sitemap: ${origin}/api/sitemap.xml`] : []),
      ];
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: `${lines.join('\n')}\n` });
    },
  };
}

/** A chunk of Vite's build manifest (dist/.vite/manifest.json). */
type ManifestChunk = { file: string; imports?: string[]; css?: string[]; assets?: string[] };

/**
 * The build's manifest, read once, as a function: the files an entry needs, itself and its static
 * imports (with their CSS and assets when `styles`), as site paths, added to `into` (files already
 * there are not walked again).
 */
function buildManifest(outDir: string) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  return (key: string, into = new Set<string>(), styles = false): Set<string> => {
    const visit = (k: string) => {
      const chunk = manifest[k];
      if (!chunk || into.has(`/${chunk.file}`)) return;
      const own = styles ? [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])] : [chunk.file];
      for (const file of own) into.add(`/${file}`);
      chunk.imports?.forEach(visit);
    };
    // A page a codeSplitting group captured has no key of its own: its chunk is named after it.
    const name = key.replace(/^.*\//, '').replace(/\.tsx?$/, '');
    const found = manifest[key] ? key : Object.keys(manifest).find((k) => manifest[k]!.name === name);
    if (!found) throw new Error(`${key} is not in the build manifest`);
    visit(found);
    return into;
  };
}

/**
 * dist/sw.js: web/pwa/service-worker.js with this build's precache list, the app shell: index.html's
 * entry chunk with its static imports and CSS (from Vite's build manifest), the offline page and the
 * small files index.html loads. Lazy chunks (admin, sign-in) are cached when first used, not up
 * front, to spare a phone's data. The version hashes the listed files' bytes, so any change to them
 * changes sw.js and browsers swap the worker. Hand-written until vite-plugin-pwa (Workbox) is a
 * dependency of the repo.
 */
function serviceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'khelaghor-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // Both languages' first-screen strings too: the app cannot draw its first screen without one.
      const needs = buildManifest(outDir);
      const shell = new Set<string>();
      for (const key of ['index.html', 'src/first-screen-en.ts', 'src/first-screen-bn.ts'])
        needs(key, shell, true);
      const files = [
        '/offline.html',
        '/offline.js',
        '/favicon.svg',
        '/manifest.webmanifest',
        '/preload-route.js',
        ...shell,
      ];
      const hash = createHash('sha256');
      for (const file of files) {
        const path = join(outDir, file);
        if (!existsSync(path)) throw new Error(`service worker: ${file} is not in the build`);
        hash.update(file).update(readFileSync(path));
      }
      const source = readFileSync(new URL('./pwa/service-worker.js', import.meta.url), 'utf8')
        .replace('self.__KHELAGHOR_VERSION__', JSON.stringify(hash.digest('hex').slice(0, 12)))
        .replace('self.__KHELAGHOR_PRECACHE__', JSON.stringify(files));
      writeFileSync(join(outDir, 'sw.js'), source);
    },
  };
}

/**
 * The message catalogues (any i18n/en.json or i18n/bn.json) go to the browser compiled to Lingui's
 * message form, so the runtime carries no ICU parser; a message that does not parse fails the build.
 * Still JSON, so Vite's own JSON handling makes the module.
 */
function compiledMessages(): Plugin {
  return {
    name: 'khelaghor-compiled-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/i18n\/(?:en|bn)\.json$/.test(id)) return undefined;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, text]) => [key, compileMessageOrThrow(text)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/**
 * dist/preload-route.js: the product page's chunks and each language's first-screen strings (from the
 * build manifest, less those index.html already preloads), so they start loading with the entry
 * instead of after it; then minified.
 */
function routeChunks(): Plugin {
  let outDir = '';
  return {
    name: 'khelaghor-route-chunks',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const needs = buildManifest(outDir);
      const entry = needs('index.html');
      // What a page needs beyond the entry (which index.html already preloads).
      const beyondEntry = (key: string) => [...needs(key)].filter((f) => !entry.has(f));
      const file = join(outDir, 'preload-route.js');
      const chunks = JSON.stringify({
        product: beyondEntry('src/features/catalog/product-page.tsx'),
        // The first screen's strings, one chunk per language (src/first-screen-{en,bn}.ts).
        firstScreen: { en: beyondEntry('src/first-screen-en.ts'), bn: beyondEntry('src/first-screen-bn.ts') },
      });
      const source = readFileSync(file, 'utf8').replace('self.__KHELAGHOR_ROUTE_CHUNKS__', chunks);
      // public/ files are copied as they are: this one is on every first visit, so it is minified
      // like the chunks (its comments and names were half its gzip size).
      const minified = minifySync('preload-route.js', source, { module: false });
      if (minified.errors.length) throw new Error(`preload-route.js: ${minified.errors[0]!.message}`);
      writeFileSync(file, minified.code);
    },
  };
}

/**
 * index.html's first paint (the static shell) needs only a little of the stylesheet: Beasties
 * inlines the rules the shell uses and moves the full stylesheet's link to the end of the body, so
 * the first paint waits for the HTML alone. (The CSP allows inline styles, not inline scripts,
 * hence 'body' rather than an onload swap.)
 */
function criticalCss(): Plugin {
  let outDir = '';
  return {
    name: 'khelaghor-critical-css',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const file = join(outDir, 'index.html');
      const beasties = new Beasties({ path: outDir, publicPath: '/', preload: 'body', logLevel: 'warn' });
      writeFileSync(file, await beasties.process(readFileSync(file, 'utf8')));
    },
  };
}

export default defineConfig({
  plugins: [
    compiledMessages(),
    routePaths(),
    robotsTxt(),
    criticalCss(),
    routeChunks(),
    serviceWorker(),
    react(),
    tailwindcss(),
  ],
  resolve: {
    // React Router's package exports only its development build (dev warnings on); the build
    // takes the production one beside it.
    alias: [
      {
        find: /^react-router$/,
        replacement: fileURLToPath(
          new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
        ),
      },
      {
        find: /^react-router\/dom$/,
        replacement: fileURLToPath(
          new URL('../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url),
        ),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target, changeOrigin: false },
      '/config.json': { target, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    modulePreload: {
      // Every browser the shop supports preloads modules itself: no polyfill in the entry.
      polyfill: false,
      // A lazy page's imports are fetched with it (no waterfall), but the entry carries each list:
      // the admin's and the sign-in library's long lists stay out of every customer's first load
      // (the browser finds those imports as it parses them).
      resolveDependencies: (file, deps) => (/admin|amplify/.test(file) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk beside it: one gzip stream instead of
        // seven small ones is 1.7 KB less to download on every first visit.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // The product page and all it imports beyond the entry (the buttons, cards and fields it
            // shares with the other pages too) in one file: its twelve small files were ~250 ms of
            // Lighthouse's slow-4G LCP over HTTP/1.1. The other customer pages reuse the file for
            // the shared parts, and on the buying path (home → product → payment) it is cached.
            { name: 'product-page', test: /features[\\/]catalog[\\/]product-page\.tsx$/ },
          ],
        },
      },
    },
    // dist/.vite/manifest.json: the chunk graph `npm run bench` reads to size the initial JavaScript.
    manifest: true,
  },
});
