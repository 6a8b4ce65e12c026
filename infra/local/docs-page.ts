import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { openApiDocument } from '../../lib/api/openapi';
import { routes } from '../../lib/api/routes';

/**
 * `GET /openapi.json` and `GET /docs` on the local server: the OpenAPI document and Swagger
 * UI, served from node_modules/swagger-ui-dist (no CDN, so the page works offline and
 * loads exactly the version in package-lock.json).
 */
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The two Swagger UI files the page needs, and their types. */
const ASSETS: Record<string, { file: string; type: string }> = {
  '/docs/swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  '/docs/swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
};

// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
// persistAuthorization: a pasted token survives a reload.
const INDEX_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>DPP service API</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      url: '/openapi.json',
      dom_id: '#swagger-ui',
      deepLinking: true,
      persistAuthorization: true,
      validatorUrl: null,
    });
  </script>
</body>
</html>
`;

const assets = new Map<string, Buffer>();

/** Answers the docs paths and returns true; anything else is left to the API (false). */
export async function serveDocs(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/openapi.json') {
    // The URL the browser used, so "Try it out" stays same-origin (the local API sends no CORS headers).
    const serverUrl = `http://${req.headers.host ?? '127.0.0.1'}`;
    send(res, 'application/json; charset=utf-8', JSON.stringify(openApiDocument(routes, { serverUrl })));
    return true;
  }
  if (path === '/docs' || path === '/docs/') {
    send(res, 'text/html; charset=utf-8', INDEX_HTML);
    return true;
  }
  const asset = ASSETS[path ?? ''];
  if (!asset) return false;
  let bytes = assets.get(asset.file);
  if (!bytes) {
    bytes = await readFile(join(SWAGGER_UI_DIR, asset.file));
    assets.set(asset.file, bytes);
  }
  send(res, asset.type, bytes);
  return true;
}

function send(res: ServerResponse, type: string, body: string | Buffer) {
  res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}
