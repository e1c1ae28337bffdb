import { Module } from '@nestjs/common';
import { AbcListController, AbcLogController } from './abc/abc.controller.js';
import { AbcService } from './abc/abc.service.js';
import { BehaviorChildLocator } from './behavior-child.locator.js';
import { BehaviorsController, ChildBehaviorsController } from './behaviors.controller.js';
import { BehaviorsService } from './behaviors.service.js';
import { SelectableListsController } from './selectable-lists/selectable-lists.controller.js';
import { SelectableListsService } from './selectable-lists/selectable-lists.service.js';

/** Behaviours, their tracking, the ABC log and the selectable antecedent / consequence lists. */
@Module({
  controllers: [
    ChildBehaviorsController,
    BehaviorsController,
    AbcLogController,
    AbcListController,
    SelectableListsController,
  ],
  providers: [BehaviorsService, AbcService, SelectableListsService, BehaviorChildLocator],
  exports: [BehaviorsService, AbcService],
})
export class BehaviorsModule {}
