/**
 * 菜单权限 (spec 001 section 7, JeecgBoot 3.4.3 paths under /sys/permission): the hand-written
 * routes of the "routes": "external" declaration schemas/system/permission.json and its data rules.
 * At start the 前端组件 choices (the menu_component dictionary) are brought in step with the
 * declared screens.
 */
import type { FastifyInstance } from 'fastify';
import { createRecordValidation } from '../../../runtime/model/declaration/record-validator.js';
import type { AppDeps } from '../../deps.js';
import { DeclaredScreens, syncComponentDict } from './declared-screens.js';
import { registerMenuReadRoutes } from './read-routes.js';
import { registerMenuRuleRoutes } from './rule-routes.js';
import { registerMenuWriteRoutes } from './write-routes.js';

export async function registerMenuRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const screens = new DeclaredScreens();
  await syncComponentDict(db, screens.list());
  registerMenuReadRoutes(app, db, deps.config.timeZone);
  registerMenuWriteRoutes(app, db, createRecordValidation(), screens);
  registerMenuRuleRoutes(app, db, screens);
}
