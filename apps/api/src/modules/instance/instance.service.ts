import { randomUUID } from "node:crypto";
import type { Locale } from "@plaza/contracts/i18n.texts";
import {
  INSTANCE_DEFAULTS,
  type InstanceRule,
  type InstanceView,
  type UpdateInstanceBody,
} from "@plaza/contracts/instance";
import type { AppContext } from "../../app-context";
import type { Executor } from "../../db/client";
import { resolveOwnUpload } from "../uploads/uploads.service";
import type { SessionUser } from "../users/viewer";
import { findInstanceSettings, type InstanceSettingsValues, saveInstanceSettings } from "./instance.repository";

/**
 * How long a process keeps the settings it read: every page, mail and sign-up reads them, and they change rarely.
 * A change is seen at once by the process that made it and within this time by every other API process.
 */
export const INSTANCE_CACHE_MS = 5_000;

interface CachedSettings {
  values: Promise<InstanceSettingsValues>;
  readAt: number;
}

/** Per database (one per app, so test apps in one process never share), the settings last read. */
const cached = new WeakMap<object, CachedSettings>();

function defaultValues(): InstanceSettingsValues {
  return {
    name: INSTANCE_DEFAULTS.name,
    description: INSTANCE_DEFAULTS.description,
    rules: [],
    contactEmail: null,
    registrationMode: INSTANCE_DEFAULTS.registrationMode,
    logoUrl: null,
    locale: INSTANCE_DEFAULTS.locale,
    membersCanInvite: false,
    newAccountHours: null,
  };
}

/**
 * The instance's settings as stored, else the defaults; read from this process's cache when fresh, else through
 * `executor` (the open transaction of a caller inside one: PGlite has one connection).
 */
export function readInstanceSettings(
  context: AppContext,
  executor: Executor = context.db,
): Promise<InstanceSettingsValues> {
  const now = performance.now();
  const kept = cached.get(context.db);
  if (kept && now - kept.readAt < INSTANCE_CACHE_MS) return kept.values;
  const values = findInstanceSettings(executor).then((row) => {
    if (!row) return defaultValues();
    const { id: _id, updatedAt: _updatedAt, ...stored } = row;
    return stored;
  });
  // A failed read is not kept: the next caller asks again.
  values.catch(() => cached.delete(context.db));
  cached.set(context.db, { values, readAt: now });
  return values;
}

/** The hours an account counts as new: the instance's setting once made, else NEW_ACCOUNT_HOURS. */
export function newAccountHoursOf(context: AppContext, settings: InstanceSettingsValues): number {
  return settings.newAccountHours ?? context.env.NEW_ACCOUNT_HOURS;
}

function present(context: AppContext, settings: InstanceSettingsValues): InstanceView {
  return {
    name: settings.name,
    description: settings.description,
    rules: settings.rules,
    contactEmail: settings.contactEmail,
    registrationMode: settings.registrationMode,
    logoUrl: settings.logoUrl,
    locale: settings.locale,
    membersCanInvite: settings.membersCanInvite,
    newAccountHours: newAccountHoursOf(context, settings),
  };
}

/** GET /api/instance: the name, rules and sign-up mode everyone may read. */
export async function getInstance(context: AppContext): Promise<InstanceView> {
  return present(context, await readInstanceSettings(context));
}

/** The instance's name, as pages, mails and the web manifest show it. */
export async function instanceName(context: AppContext, executor: Executor = context.db): Promise<string> {
  return (await readInstanceSettings(context, executor)).name;
}

/**
 * The language of what is sent to an account (its mails): its preference, else the town's. A mail has no
 * Accept-Language to read.
 */
export async function accountLocale(
  context: AppContext,
  account: { preferences: { locale?: Locale | null } },
  executor: Executor = context.db,
): Promise<Locale> {
  return account.preferences.locale ?? (await readInstanceSettings(context, executor)).locale;
}

/** Rules keep their ids (people accepted them by id); a new rule gets one. */
function identifyRules(rules: { id?: string; text: string }[], current: InstanceRule[]): InstanceRule[] {
  const known = new Set(current.map((rule) => rule.id));
  return rules.map((rule) => ({
    id: rule.id && known.has(rule.id) ? rule.id : randomUUID().slice(0, 8),
    text: rule.text,
  }));
}

/**
 * PATCH /api/admin/instance: changes the fields sent. A new logo must be one of the superuser's own finished
 * uploads (the same logo sent again is kept as it is). Seen at once by this process, within INSTANCE_CACHE_MS by
 * the others.
 */
export async function updateInstance(
  context: AppContext,
  superuser: SessionUser,
  body: UpdateInstanceBody,
): Promise<InstanceView> {
  cached.delete(context.db);
  const current = await readInstanceSettings(context);
  const logoUrl =
    body.logoUrl === undefined || body.logoUrl === null || body.logoUrl === current.logoUrl
      ? body.logoUrl
      : await resolveOwnUpload(context, body.logoUrl, superuser.id);
  const { rules, ...fields } = body;
  const next: InstanceSettingsValues = {
    ...current,
    ...fields,
    ...(logoUrl === undefined ? {} : { logoUrl }),
    ...(rules === undefined ? {} : { rules: identifyRules(rules, current.rules) }),
  };
  const saved = await saveInstanceSettings(context.db, next, context.clock.now());
  cached.delete(context.db);
  const { id: _id, updatedAt: _updatedAt, ...values } = saved;
  return present(context, values);
}
