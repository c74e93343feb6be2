// Serves the built web app (WEB_DIST) on the same origin as the API. Paths that are not files answer
// index.html (the SPA routes them, revalidated on every load), with the runtime config injected; unknown
// /v1 paths answer the 404 envelope. Hashed assets are immutable and sent precompressed when accepted.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../lib/envelope.js';
import { sendApiError } from './envelope.js';

const NOT_BUILT = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>edu-platform</title></head>
<body><h1>Web 应用尚未构建</h1><p>The web app is not built. Run <code>npm run build</code> (or <code>npm start</code>, which builds first) and reload.</p>
<p>API: <a href="/docs">/docs</a></p></body></html>`;

/** `</script>` inside the JSON must not close the tag: escape every `<`. */
const jsonForScript = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

export function injectConfig(html: string, config: unknown): string {
  const tag = `<script id="edu-config" type="application/json">${jsonForScript(config)}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : `${tag}${html}`;
}

export default fp(
  async (app) => {
    const { webDist, defaultAgencyId, agencyDomainSuffixes } = app.services.config;
    const indexPath = join(webDist, 'index.html');
    const runtimeConfig = { defaultAgencyId, agencyDomainSuffixes };

    // index.html is re-read when the build changes, so `npm run build` needs no server restart.
    let cached: { mtimeMs: number; html: string } | null = null;
    const indexHtml = (): string | null => {
      if (!existsSync(indexPath)) return null;
      const { mtimeMs } = statSync(indexPath);
      if (cached?.mtimeMs !== mtimeMs)
        cached = { mtimeMs, html: injectConfig(readFileSync(indexPath, 'utf8'), runtimeConfig) };
      return cached.html;
    };

    if (existsSync(webDist)) {
      await app.register(fastifyStatic, {
        root: webDist,
        index: false,
        // The build writes .br and .gz next to each text asset (apps/web/build/precompress.ts): a browser
        // that accepts them gets those bytes with Content-Encoding and Vary: Accept-Encoding, no
        // compression per request (docs/web.md "Build").
        preCompressed: true,
        // index.html always goes through the SPA handler so it carries the injected config; so do
        // directory paths (`/`, `/parent/`), which the static handler would refuse with 403.
        allowedPath: (pathName) => pathName !== '/index.html' && !pathName.endsWith('/'),
        setHeaders: (reply, filePath) => {
          // Vite's hashed assets never change under the same name.
          if (filePath.includes(`${join(webDist, 'assets')}`))
            reply.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }

    const sendPage = (reply: FastifyReply) => {
      const html = indexHtml();
      return reply
        .code(200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html ?? NOT_BUILT);
    };

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (isApiPath(url)) return sendApiError(request, reply, 'not_found', app.services.clock.now(), '接口不存在');
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      // A missing hashed asset (stale tab after a deploy) must fail loudly, not load index.html as JS.
      if (!isPageRequest || url.startsWith('/assets/') || url.startsWith('/docs'))
        return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      return sendPage(reply);
    });
  },
  { name: 'edu-static', dependencies: ['edu-envelope'] },
);
