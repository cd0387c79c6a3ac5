/**
 * Reading an uploaded bundle (bundle.ts): its shape, checked before anything is compared. Every
 * problem names its JSON path in the bundle (`/declarations/1/declaration/fields/0/type`), as the
 * designer shows a save's problems.
 */
import { ApiError } from '../result.js';
import {
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  MAX_BUNDLE_ITEMS,
  type Bundle,
  type BundleMenu,
  type BundlePermission,
} from './bundle.js';
import { BundleMessages } from './messages.js';

export interface BundleIssue {
  path: string;
  message: string;
}

const MAX_CHARS = 2_000_000;

function objectOf(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The body's bundle: a JSON text (the upload) or the object itself. */
export function bundleJsonOf(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null || raw === '') throw new ApiError(BundleMessages.noBundle);
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > MAX_CHARS) throw new ApiError(BundleMessages.tooLarge);
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new ApiError(BundleMessages.badJson((error as Error).message));
    }
  }
  const bundle = objectOf(value);
  if (!bundle || bundle.format !== BUNDLE_FORMAT) throw new ApiError(BundleMessages.badFormat);
  if (bundle.version !== BUNDLE_VERSION) throw new ApiError(BundleMessages.badVersion(bundle.version));
  return bundle;
}

function text(item: Record<string, unknown>, key: string, path: string, issues: BundleIssue[]): string {
  const value = item[key];
  if (typeof value === 'string' && value.trim() && value.length <= 200) return value;
  issues.push({ path: `${path}/${key}`, message: BundleMessages.missingText(key) });
  return '';
}

function listOf(bundle: Record<string, unknown>, key: string, issues: BundleIssue[]): unknown[] {
  const value = bundle[key] ?? [];
  if (!Array.isArray(value)) {
    issues.push({ path: `/${key}`, message: BundleMessages.notArray });
    return [];
  }
  if (value.length > MAX_BUNDLE_ITEMS * 20) throw new ApiError(BundleMessages.tooMany(MAX_BUNDLE_ITEMS));
  return value;
}

/** The bundle's parts; shape problems are added to `issues` (the caller refuses when there are any). */
export function parseBundle(bundle: Record<string, unknown>, issues: BundleIssue[]): Omit<Bundle, 'format'> {
  const declarations: Bundle['declarations'] = [];
  const seen = new Set<string>();
  const rawDeclarations = listOf(bundle, 'declarations', issues);
  if (rawDeclarations.length > MAX_BUNDLE_ITEMS) throw new ApiError(BundleMessages.tooMany(MAX_BUNDLE_ITEMS));
  for (const [i, raw] of rawDeclarations.entries()) {
    const path = `/declarations/${i}`;
    const item = objectOf(raw);
    const declaration = objectOf(item?.declaration);
    if (!item || !declaration) {
      issues.push({ path: item ? `${path}/declaration` : path, message: BundleMessages.notObject });
      continue;
    }
    const name = text(item, 'name', path, issues);
    if (name && declaration.name !== name)
      issues.push({
        path: `${path}/declaration/name`,
        message: BundleMessages.nameMismatch(name, String(declaration.name)),
      });
    if (seen.has(name)) issues.push({ path: `${path}/name`, message: BundleMessages.duplicate(name) });
    seen.add(name);
    declarations.push({ name, declaration });
  }
  const known = (name: string, path: string) => {
    if (name && !seen.has(name))
      issues.push({ path: `${path}/declaration`, message: BundleMessages.unknownDeclaration(name) });
  };
  const menus: BundleMenu[] = [];
  for (const [i, raw] of listOf(bundle, 'menus', issues).entries()) {
    const path = `/menus/${i}`;
    const item = objectOf(raw);
    if (!item) {
      issues.push({ path, message: BundleMessages.notObject });
      continue;
    }
    const declaration = text(item, 'declaration', path, issues);
    known(declaration, path);
    const sortNo = Number(item.sortNo);
    menus.push({
      declaration,
      title: text(item, 'title', path, issues),
      parent: typeof item.parent === 'string' ? item.parent : null,
      path: `/online/cgformList/${declaration}`,
      sortNo: Number.isFinite(sortNo) ? Math.min(10_000, Math.max(0, sortNo)) : 100,
      icon: typeof item.icon === 'string' && item.icon.length <= 100 ? item.icon : null,
    });
  }
  const permissions: BundlePermission[] = [];
  for (const [i, raw] of listOf(bundle, 'permissions', issues).entries()) {
    const path = `/permissions/${i}`;
    const item = objectOf(raw);
    if (!item) {
      issues.push({ path, message: BundleMessages.notObject });
      continue;
    }
    const declaration = text(item, 'declaration', path, issues);
    known(declaration, path);
    permissions.push({
      declaration,
      code: text(item, 'code', path, issues),
      name: text(item, 'name', path, issues),
      permsType: item.permsType === '2' ? '2' : '1',
      status: item.status === '0' ? '0' : '1',
    });
  }
  return {
    version: BUNDLE_VERSION,
    exportedAt: typeof bundle.exportedAt === 'string' ? bundle.exportedAt : '',
    declarations,
    menus,
    permissions,
  };
}
