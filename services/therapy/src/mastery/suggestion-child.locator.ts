import { Inject, Injectable } from '@nestjs/common';
import type { ChildLocator } from '../child-access/child-access.types.js';
import { MasteryService } from './mastery.service.js';

/** `/api/mastery-suggestion/{id}/…`: the suggestion's child (404 `Suggestion does not exist` otherwise). */
@Injectable()
export class SuggestionChildLocator implements ChildLocator {
  constructor(@Inject(MasteryService) private readonly mastery: MasteryService) {}

  childOf(suggestionId: string): Promise<string> {
    return this.mastery.childOfSuggestion(suggestionId);
  }
}
