import { defineEntity, p } from '@mikro-orm/core';
import { Child } from '../children/child.entity.js';

/** A behaviour tracked for a child (e.g. "Hitting"). Its name is unique per child, whatever its case. */
export const BehaviorSchema = defineEntity({
  name: 'Behavior',
  tableName: 'behavior',
  properties: {
    id: p.uuid().primary(),
    child: () => p.manyToOne(Child).deleteRule('cascade'),
    name: p.string().length(100),
    description: p.string().length(500).default(''),
    createdBy: p.uuid(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Behavior extends BehaviorSchema.class {}
BehaviorSchema.setClass(Behavior);

/** One occurrence of a behaviour, logged with one tap. */
export const BehaviorTrackingSchema = defineEntity({
  name: 'BehaviorTracking',
  tableName: 'behavior_tracking',
  properties: {
    id: p.uuid().primary(),
    behavior: () => p.manyToOne(Behavior).deleteRule('cascade'),
    /** When it happened: the device's capture time, else the server's. */
    dateLogged: p.datetime(),
    loggedBy: p.uuid(),
    sessionId: p.uuid(),
    /** When it reached the server. */
    receivedAt: p.datetime().onCreate(() => new Date()),
  },
});
export class BehaviorTracking extends BehaviorTrackingSchema.class {}
BehaviorTrackingSchema.setClass(BehaviorTracking);
