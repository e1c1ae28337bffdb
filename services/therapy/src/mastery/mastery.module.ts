import { Module } from '@nestjs/common';
import { ItemsModule } from '../items/items.module.js';
import {
  ChildMasteryController,
  ItemMasteryController,
  SuggestionsController,
} from './mastery.controller.js';
import { MasteryService } from './mastery.service.js';
import { SuggestionChildLocator } from './suggestion-child.locator.js';

/** Mastery criteria, item status changes and their history, suggestions, and the progress call (issue 15). */
@Module({
  imports: [ItemsModule],
  controllers: [ItemMasteryController, ChildMasteryController, SuggestionsController],
  providers: [MasteryService, SuggestionChildLocator],
  exports: [MasteryService],
})
export class MasteryModule {}
