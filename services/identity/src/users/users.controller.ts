import { Controller, Get, Inject, Query } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { userListQuerySchema, type InternalIdentity, type UserListResponse } from '@aba/contracts/api';
import { CurrentIdentity, requireAdmin, ZodPipe } from '@aba/server-kit';
import { User } from './user.entity.js';

/** GET /api/user/list: every account, newest first, a page at a time (platform ADMIN only). */
@Controller('api/user')
export class UsersController {
  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  @Get('list')
  async list(
    @CurrentIdentity() identity: InternalIdentity | undefined,
    @Query(new ZodPipe(userListQuerySchema)) query: z.infer<typeof userListQuerySchema>,
  ): Promise<UserListResponse> {
    requireAdmin(identity);
    const size = query['user-count'];
    const [users, total] = await this.em.findAndCount(
      User,
      {},
      { orderBy: { registeredAt: 'desc', id: 'desc' }, limit: size, offset: (query.page - 1) * size },
    );
    return {
      users: users.map((user) => ({
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        phone: user.phone,
        role: user.role,
        date_registered: user.registeredAt.toISOString(),
        status: user.active ? 'ACTIVE' : 'INACTIVE',
      })),
      total,
      page: query.page,
      user_count: size,
    };
  }
}
