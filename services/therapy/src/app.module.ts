import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule, SettingsModule } from '@aba/server-kit';
import { HELPER_ADDITION_LIMITS, MASTERY_SETTINGS, REPORT_LIMITS, type TherapyConfig } from './config.js';
import { AccountErasureModule } from './account-erasure/account-erasure.module.js';
import { AccountExportModule } from './account-export/account-export.module.js';
import { AuditModule } from './audit/audit.module.js';
import { BehaviorsModule } from './behaviors/behaviors.module.js';
import { ChildAccessModule } from './child-access/child-access.module.js';
import { ChildExportModule } from './child-export/child-export.module.js';
import { ChildReportsModule } from './child-reports/child-reports.module.js';
import { ChildrenModule } from './children/children.module.js';
import { ConsentGate } from './consent/consent.gate.js';
import { ConsentModule } from './consent/consent.module.js';
import { EvaluationsModule } from './evaluations/evaluations.module.js';
import { therapyDatabase } from './database.js';
import { HelpersModule } from './helpers/helpers.module.js';
import { HousekeepingModule } from './housekeeping/housekeeping.module.js';
import { ItemsModule } from './items/items.module.js';
import { LicenceGate } from './licences/licence.gate.js';
import { LicencesModule } from './licences/licences.module.js';
import { LiveModule } from './live/live.module.js';
import { MasteryModule } from './mastery/mastery.module.js';
import { OwnershipModule } from './ownership/ownership.module.js';
import { NeedsAttentionModule } from './needs-attention/needs-attention.module.js';
import { PlansModule } from './plans/plans.module.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { SubPlansModule } from './sub-plans/sub-plans.module.js';
import { UserDirectoryModule } from './user-directory/user-directory.module.js';

@Module({})
export class AppModule {
  static register(config: TherapyConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forService({ name: 'therapy', ...therapyDatabase, config }),
        ChildAccessModule.forRoot({ gates: [LicenceGate, ConsentGate] }),
        ConsentModule,
        AuditModule,
        ChildExportModule,
        ChildReportsModule,
        AccountExportModule,
        AccountErasureModule,
        OwnershipModule,
        LicencesModule,
        UserDirectoryModule,
        ChildrenModule,
        HousekeepingModule,
        SettingsModule.register(HELPER_ADDITION_LIMITS, config.helperAdditions),
        SettingsModule.register(MASTERY_SETTINGS, config.mastery),
        SettingsModule.register(REPORT_LIMITS, config.reports),
        HelpersModule,
        PlansModule,
        SubPlansModule,
        ItemsModule,
        EvaluationsModule,
        BehaviorsModule,
        SessionsModule,
        MasteryModule,
        NeedsAttentionModule,
        LiveModule,
      ],
    };
  }
}
