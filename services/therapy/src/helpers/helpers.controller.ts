import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  accessTypeSchema,
  addHelperRequestSchema,
  ChildMessages,
  helpersQuerySchema,
  type AccessType,
  type MessageResponse,
} from '@aba/contracts/api';
import { parseBody, parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { HelpersService } from './helpers.service.js';

const addHelperQuerySchema = z.object({ access_type: accessTypeSchema.optional() });
const chosenAccessTypeSchema = z.object({ access_type: accessTypeSchema });
const helperParamsSchema = z.object({ helperId: z.uuid() });

/** A child's coordinators and therapists: `/api/child/{id}/helpers`, `/helper/add`, `/helper/{helperId}/delete`. */
@Controller('api/child/:id')
export class HelpersController {
  constructor(@Inject(HelpersService) private readonly helpers: HelpersService) {}

  @Get('helpers')
  @ChildAccess('read')
  async list(@CurrentChild() grant: ChildAccessGrant, @Query() query: unknown) {
    const { access_type } = parseInput(helpersQuerySchema, query);
    return { helpers: await this.helpers.list(grant, access_type) };
  }

  @Post('helper/add')
  @HttpCode(201)
  @ChildAccess('manageHelpers')
  async add(@CurrentChild() grant: ChildAccessGrant, @Query() query: unknown, @Body() body: unknown) {
    const fromQuery = parseInput(addHelperQuerySchema, query);
    const fromBody = parseBody(addHelperRequestSchema, body);
    // The body's access_type wins when both are given (contracts).
    const { access_type } = parseInput(chosenAccessTypeSchema, {
      access_type: fromBody.access_type ?? fromQuery.access_type,
    });
    return { helper: await this.helpers.add(grant, fromBody.email, access_type as AccessType) };
  }

  @Post('helper/:helperId/delete')
  @HttpCode(200)
  @ChildAccess('manageHelpers')
  async remove(@CurrentChild() grant: ChildAccessGrant, @Param() params: unknown): Promise<MessageResponse> {
    const { helperId } = parseInput(helperParamsSchema, params);
    await this.helpers.remove(grant, helperId);
    return { message: ChildMessages.helperRemoved };
  }
}
