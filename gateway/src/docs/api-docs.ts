import { Injectable } from '@nestjs/common';
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorMessages } from '@aba/contracts/api';
import { openApiDocument, type OpenApiDocument } from '@aba/contracts/openapi';
import { sendJsonError } from '../errors/json-error.js';

export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_JSON_PATH = '/api/docs/openapi.json';

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The document as a page a developer reads: each service's calls, their parameters, body and access. */
function pageOf(document: OpenApiDocument): string {
  const sections = document.tags.map((tag) => {
    const calls = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.tags.includes(tag.name))
        .map(([method, operation]) => {
          const parameters = operation.parameters
            .map((parameter) => `<li><code>${escape(parameter.name)}</code> (${parameter.in})</li>`)
            .join('');
          const body = operation.requestBody
            ? `<details><summary>Body (JSON Schema)</summary><pre>${escape(
                JSON.stringify(operation.requestBody.content['application/json'].schema, null, 2),
              )}</pre></details>`
            : '';
          return (
            `<section><h3><code>${method.toUpperCase()} ${escape(path)}</code></h3>` +
            `<p>${operation.security.length === 0 ? 'Public: no session needed.' : 'Needs a session.'}</p>` +
            (parameters ? `<ul>${parameters}</ul>` : '') +
            body +
            '</section>'
          );
        }),
    );
    return `<h2>${escape(tag.name)}</h2><p>${escape(tag.description)}</p>${calls.join('')}`;
  });
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escape(document.info.title)}</title>` +
    '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}' +
    'pre{background:#f4f4f4;padding:.5rem;overflow:auto}section{border-top:1px solid #ddd}</style></head><body>' +
    `<main><h1>${escape(document.info.title)} ${escape(document.info.version)}</h1>` +
    `<p>${escape(document.info.description)}</p>` +
    `<p>The OpenAPI 3.1 document: <a href="${OPENAPI_JSON_PATH}">${OPENAPI_JSON_PATH}</a>.</p>` +
    `${sections.join('')}</main></body></html>`
  );
}

/**
 * `/api/docs` (a page) and `/api/docs/openapi.json` (the document), served by the gateway itself (issue 19, ADR 0055):
 * public, made once at start-up from the contracts. Another method than GET or HEAD finds nothing there (404).
 */
@Injectable()
export class ApiDocs {
  private readonly json: string;
  private readonly page: string;

  constructor() {
    const document = openApiDocument(version);
    this.json = JSON.stringify(document);
    this.page = pageOf(document);
  }

  /** Express-style middleware, before the API's: answers the two documentation paths, passes anything else on. */
  readonly middleware = (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== API_DOCS_PATH && path !== OPENAPI_JSON_PATH) return next();
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('X-Frame-Options', 'DENY');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return sendJsonError(response, 404, ErrorMessages.notFound);
    const [type, body, policy] =
      path === OPENAPI_JSON_PATH
        ? ['application/json; charset=utf-8', this.json, "default-src 'none'; frame-ancestors 'none'"]
        : [
            'text/html; charset=utf-8',
            this.page,
            "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
          ];
    response.writeHead(200, {
      'Content-Type': type,
      'Content-Length': Buffer.byteLength(body),
      'Content-Security-Policy': policy,
      'Cache-Control': 'no-cache',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}
