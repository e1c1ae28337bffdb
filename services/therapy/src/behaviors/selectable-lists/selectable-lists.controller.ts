import { Controller, Get, Header, Headers, Inject, Param, Res } from '@nestjs/common';
import type { SelectableListResponse } from '@aba/contracts/api';
import { preferredListLanguage } from '../../language.js';
import { SelectableListsService } from './selectable-lists.service.js';

/** GET /api/list/{antecedent|consequence}: any signed-in user; the texts in the caller's language. */
@Controller('api/list')
export class SelectableListsController {
  constructor(@Inject(SelectableListsService) private readonly lists: SelectableListsService) {}

  @Get(':kind')
  @Header('Vary', 'Accept-Language')
  async list(
    @Param('kind') kind: string,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res({ passthrough: true }) response: { setHeader(name: string, value: string): void },
  ): Promise<SelectableListResponse> {
    const listKind = SelectableListsService.kindOf(kind);
    const language = preferredListLanguage(acceptLanguage);
    response.setHeader('Content-Language', language);
    return { list: await this.lists.list(listKind, language) };
  }
}
