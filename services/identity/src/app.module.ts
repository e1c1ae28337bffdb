import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule } from '@aba/server-kit';
import { AccountModule } from './account/account.module.js';
import { AccountDeletionModule } from './account-deletion/account-deletion.module.js';
import { AccountExportModule } from './account-export/account-export.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import type { IdentityConfig } from './config.js';
import { identityDatabase } from './database.js';
import { HousekeepingModule } from './housekeeping/housekeeping.module.js';
import { InvitesModule } from './invites/invites.module.js';
import { IdentityCoreModule } from './mail/mail.module.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { UserChildModule } from './user-child/user-child.module.js';
import { UsersModule } from './users/users.module.js';

@Module({})
export class AppModule {
  static register(config: IdentityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forService({ name: 'identity', ...identityDatabase, config }),
        IdentityCoreModule.register(config.identity),
        SessionsModule,
        AccountsModule,
        AccountModule,
        AccountExportModule,
        AccountDeletionModule,
        UsersModule,
        UserChildModule,
        InvitesModule,
        HousekeepingModule,
      ],
    };
  }
}
