import {
  ADMIN_MESSAGES,
  type JobsView,
  LOCATION_ANALYTICS_MIN_GROUP,
  type LocationGroupView,
  type LocationStatsView,
  type PublishAgreementBody,
  type SystemView,
} from "@plaza/contracts/admin";
import type { AgreementKind, AgreementView } from "@plaza/contracts/agreements";
import type { AppContext } from "../../app-context";
import { JOB_KINDS } from "../../jobs/kinds";
import { conflict, notFound } from "../../lib/app-error";
import {
  countJobBacklog,
  countMainTables,
  countPostAuthorsOutside,
  countPostsByPlace,
  countStats,
  countUsersByCity,
  countUsersByCountry,
  countUsersByPlace,
  databaseSizeBytes,
  findActiveAgreement,
  findAgreementByVersion,
  insertActiveAgreement,
  insertAdminLog,
} from "./admin.repository";
import { toLocationGroups } from "./location-groups";

/**
 * Administration of the platform as a whole: its numbers (stats, where people are), the system's status and job
 * queue, and the published agreement. People and content are in admin.service.ts.
 */

export function getAdminStats(context: AppContext) {
  return countStats(context.db);
}

export async function getLocationStats(context: AppContext): Promise<LocationStatsView> {
  const [cities, countries, places, postPlaces] = [
    await countUsersByCity(context.db),
    await countUsersByCountry(context.db),
    await countUsersByPlace(context.db),
    await countPostsByPlace(context.db),
  ];
  // Each chart names its groups with its documented field (`city`, `country`, `location`).
  const named = <Key extends string>(key: Key, groups: LocationGroupView[]) =>
    groups.map(({ label, count, isMerged }) => ({ [key]: label, count, isMerged }) as Record<Key, string> & RowFields);
  return {
    topCities: named("city", toLocationGroups(cities)),
    topCountries: named("country", toLocationGroups(countries)),
    usersByLocation: named("location", toLocationGroups(places)),
    postsByLocation: named("location", await postsByPlaceWithExactOther(context, postPlaces)),
  };
}

type RowFields = Omit<LocationGroupView, "label">;

/**
 * One author can post from several small places, so the merged bar's people are counted again without double
 * counting; its post count is hidden unless at least 5 different people are behind it.
 */
async function postsByPlaceWithExactOther(
  context: AppContext,
  rows: Awaited<ReturnType<typeof countPostsByPlace>>,
): Promise<LocationGroupView[]> {
  const groups = toLocationGroups(rows);
  const other = groups.find((group) => group.isMerged);
  if (!other || other.count === null) return groups;
  const shown = new Set(groups.filter((group) => !group.isMerged).map((group) => group.label));
  const shownPlaces = rows.filter((row) => shown.has(row.label));
  const people = await countPostAuthorsOutside(context.db, shownPlaces);
  return people >= LOCATION_ANALYTICS_MIN_GROUP
    ? groups
    : groups.map((group) => (group.isMerged ? { ...group, count: null } : group));
}

export async function getSystemStatus(context: AppContext): Promise<SystemView> {
  const now = context.clock.now();
  const agreement = await findActiveAgreement(context.db, "user-agreement");
  const privacyPolicy = await findActiveAgreement(context.db, "privacy-policy");
  const backlog = await countJobBacklog(context.db, now);
  const backlogByJob: Record<string, number> = {
    pruning: backlog.expiredSessions,
    "purge-deleted-accounts": backlog.accountsToPurge,
  };
  const jobs = JOB_KINDS.map((job) => ({
    name: job.name,
    intervalMs: job.every?.inProcessMs ?? 0,
    isEnabled: context.env.JOBS,
    backlog: backlogByJob[job.name] ?? 0,
  }));
  if (!jobs.some((job) => job.name === "purge-deleted-accounts")) {
    // Accounts past their grace period are reported even if no purge job is registered.
    jobs.push({ name: "purge-deleted-accounts", intervalMs: 0, isEnabled: false, backlog: backlog.accountsToPurge });
  }
  return {
    activeAgreement: agreement ? presentDocument(agreement) : null,
    activePrivacyPolicy: privacyPolicy ? presentDocument(privacyPolicy) : null,
    databaseSizeBytes: await databaseSizeBytes(context.db),
    databaseKind: context.database.kind,
    tableCounts: await countMainTables(context.db),
    jobs,
  };
}

function presentDocument(row: {
  id: string;
  title: string;
  version: string;
  content: string;
  createdAt: Date;
}): AgreementView {
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The admin log's action for publishing each kind of document. */
const PUBLISH_ACTIONS: Record<AgreementKind, string> = {
  "user-agreement": "publish_agreement",
  "privacy-policy": "publish_privacy_policy",
};

/**
 * Publishes a new version of the user agreement or the privacy policy: the old one of that kind stops being active
 * and the new one starts, atomically.
 */
async function publishAgreementRow(
  context: AppContext,
  adminId: string,
  kind: AgreementKind,
  body: PublishAgreementBody,
) {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    if (await findAgreementByVersion(tx, kind, body.version)) {
      throw conflict(ADMIN_MESSAGES.versionTaken, "VERSION_TAKEN");
    }
    const previous = await findActiveAgreement(tx, kind);
    const agreement = await insertActiveAgreement(tx, kind, { ...body, now });
    await insertAdminLog(tx, {
      action: PUBLISH_ACTIONS[kind],
      targetType: "agreement",
      targetId: agreement.id,
      adminUserId: adminId,
      details: { version: agreement.version, title: agreement.title, previousVersion: previous?.version ?? null },
      createdAt: now,
    });
    return agreement;
  });
}

/** The job queue as the Jobs tab shows it (the in-process runner's own state on the embedded database). */
export async function listJobs(context: AppContext): Promise<JobsView> {
  return context.jobs.overview();
}

/** The retry button: a failed job runs again (logged as an admin action). */
export async function retryJob(context: AppContext, adminId: string, queue: string, id: string): Promise<void> {
  const outcome = await context.jobs.retry(queue, id);
  if (outcome === "not-found") throw notFound(ADMIN_MESSAGES.jobNotFound);
  if (outcome === "not-failed") throw conflict(ADMIN_MESSAGES.jobNotFailed, "JOB_NOT_FAILED");
  await insertAdminLog(context.db, {
    action: "retry_job",
    targetType: "job",
    targetId: id,
    adminUserId: adminId,
    details: { queue },
    createdAt: context.clock.now(),
  });
}

/** Publishes a new version of the user agreement (everyone is asked to accept it) or of the privacy policy. */
export async function publishAgreement(
  context: AppContext,
  adminId: string,
  kind: AgreementKind,
  body: PublishAgreementBody,
): Promise<AgreementView> {
  return presentDocument(await publishAgreementRow(context, adminId, kind, body));
}
