import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Subjects } from '@aba/contracts/events';
import { OutboxService } from '@aba/server-kit';
import { User } from './user.entity.js';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../config.js';
import { hashPassword } from '../crypto/password.js';

/**
 * Creates the platform ADMIN from ADMIN_EMAIL/ADMIN_PASSWORD at start-up when no account has that e-mail.
 * Idempotent, and safe when replicas start together: the unique e-mail decides, the loser inserts nothing.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminBootstrap.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureAdmin();
  }

  /** Returns true when it created the account. */
  async ensureAdmin(): Promise<boolean> {
    const admin = this.settings.admin;
    if (!admin) return false;
    const existing = await this.orm.em
      .fork()
      .findOne(User, { email: admin.email }, { fields: ['id', 'role'] });
    if (existing) {
      if (existing.role !== 'ADMIN')
        this.logger.warn({ email: admin.email }, 'ADMIN_EMAIL belongs to a non-admin account');
      return false;
    }
    const passwordHash = await hashPassword(admin.password);
    const id = randomUUID();
    const created = await this.orm.em.fork().transactional(async (em) => {
      const inserted = await (em as SqlEntityManager)
        .createQueryBuilder(User)
        .insert({
          id,
          email: admin.email,
          firstName: 'Admin',
          lastName: 'ABA',
          phone: '',
          role: 'ADMIN',
          passwordHash,
          active: true,
          language: 'ro',
          registeredAt: new Date(),
        })
        .onConflict('email')
        .ignore()
        .execute('run');
      if (inserted.affectedRows !== 1) return false;
      this.outbox.add(em, Subjects.UserRegisteredV1, {
        userId: id,
        email: admin.email,
        firstName: 'Admin',
        lastName: 'ABA',
        role: 'ADMIN',
      });
      return true;
    });
    if (created) this.logger.log({ email: admin.email }, 'Bootstrap ADMIN created');
    return created;
  }
}
