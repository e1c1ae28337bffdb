import { Controller, Get, Header, Inject, Param, Req, Res } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { ErrorMessages } from '@aba/contracts/api';
import type { ChatWidgetConfig, GatewayConfig } from '../config.js';
import { sendJsonError } from '../errors/json-error.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { sendFile, type FileResponse } from './send-file.js';
import {
  acceptsHtml,
  hasFileExtension,
  localeFilePath,
  localeNamespace,
  safeRelativePath,
} from './static-paths.js';
import { RemotesRegistry } from './remotes-registry.js';
import { WebAssets } from './web-assets.js';

/** Express's request: `path` is the URL's pathname, still percent-encoded. */
interface WebRequest extends IncomingMessage {
  path: string;
}

/** What the front end reads at runtime from /config.json. */
export interface PublicConfig {
  chatWidget: ChatWidgetConfig | null;
}

export const FRONT_END_NOT_BUILT = 'The front end is not built yet: run npm run build';

const REMOTE_ASSET = /^\/remotes\/([^/]+)\/(.+)$/;

/** Remote assets may be loaded by a shell on another origin (REMOTES pointing here from elsewhere). */
const REMOTE_ASSET_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** Runtime configuration for the front end, remotes' builds and translations. */
@Controller()
export class WebController {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(WebAssets) private readonly assets: WebAssets,
    @Inject(RemotesRegistry) private readonly registry: RemotesRegistry,
  ) {}

  /** Remote name → mf-manifest.json URL, read by the shell at start-up. */
  @Get('remotes.json')
  @Header('Cache-Control', 'no-cache')
  remotes(): Readonly<Record<string, string>> {
    return this.registry.remotes();
  }

  @Get('config.json')
  @Header('Cache-Control', 'no-cache')
  publicConfig(): PublicConfig {
    return { chatWidget: this.config.gateway.chatWidget };
  }

  @Get('locales/:lng/:file')
  async locale(
    @Param('lng') lng: string,
    @Param('file') file: string,
    @Res() response: FileResponse,
  ): Promise<void> {
    const relativePath = localeFilePath(lng, file);
    const dist = relativePath && (await this.assets.findLocale(relativePath, localeNamespace(file)!));
    if (!relativePath || !dist || (await sendFile(response, dist, relativePath)) !== 'sent') {
      sendJsonError(response, 404, ErrorMessages.notFound);
    }
  }

  @Get('remotes/:name/*path')
  async remoteAsset(@Req() request: WebRequest, @Res() response: FileResponse): Promise<void> {
    const match = REMOTE_ASSET.exec(request.path);
    const dist = match && this.assets.remote(match[1]);
    const relativePath = match && safeRelativePath(match[2]);
    if (
      !dist ||
      !relativePath ||
      (await sendFile(response, dist, relativePath, { headers: REMOTE_ASSET_HEADERS })) !== 'sent'
    ) {
      sendJsonError(response, 404, ErrorMessages.notFound);
    }
  }
}

/**
 * The shell: its files, and index.html for every other page route (SPA fallback) — a GET outside /api, /remotes
 * and /locales, without a file extension, from a client that takes HTML. Registered last.
 */
@Controller()
export class ShellController {
  constructor(@Inject(WebAssets) private readonly assets: WebAssets) {}

  @Get('{*path}')
  async page(@Req() request: WebRequest, @Res() response: FileResponse): Promise<void> {
    const path = request.path;
    if (/^\/(api|remotes|locales)(\/|$)/.test(path))
      return sendJsonError(response, 404, ErrorMessages.notFound);

    if (hasFileExtension(path)) {
      const relativePath = safeRelativePath(path.slice(1));
      if (!relativePath || (await sendFile(response, this.assets.shell, relativePath)) !== 'sent') {
        sendJsonError(response, 404, ErrorMessages.notFound);
      }
      return;
    }
    if (!acceptsHtml(request.headers.accept)) return sendJsonError(response, 404, ErrorMessages.notFound);
    if ((await sendFile(response, this.assets.shell, 'index.html')) !== 'sent') {
      sendJsonError(response, 503, FRONT_END_NOT_BUILT);
    }
  }
}
