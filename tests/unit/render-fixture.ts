import customerJson from '../../schemas/system/customer.json';
import { migrateDeclaration } from '../../runtime/model/declaration/migrations.js';
import { buildEntityModel, type EntityModel } from '../../runtime/model/declaration/model.js';
import type { Declaration } from '../../runtime/model/declaration/types.js';

/** The customer model the browser builds: migrated and normalised, no ajv (see declarations.ts). */
export function customerModel(): EntityModel {
  return buildEntityModel(migrateDeclaration(customerJson).doc as unknown as Declaration);
}

/** A model built from an inline declaration, for rules customer.json does not use. */
export function modelOf(decl: Partial<Declaration>): EntityModel {
  return buildEntityModel({
    schemaVersion: 3,
    name: 'demo',
    title: '演示',
    table: 'demo',
    basePath: '/demo',
    kind: 'list',
    permissionPrefix: 'demo',
    fields: [],
    ...decl,
  });
}
