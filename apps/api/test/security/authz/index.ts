/**
 * The authorisation matrix (issue 9): one row per route, kept in one file per domain (`./<domain>.ts`) and
 * joined here in a fixed order (some rows end sessions, so the order is part of the test). Shared types and
 * rules are in `./common.ts`.
 */
import { ACCOUNTS_ROWS } from "./accounts";
import { ADMIN_ROWS } from "./admin";
import { AGREEMENTS_ROWS } from "./agreements";
import { AUTH_ROWS } from "./auth";
import { BLOCKS_ROWS } from "./blocks";
import { BUSINESSES_ROWS } from "./businesses";
import type { MatrixRow } from "./common";
import { COUPONS_ROWS } from "./coupons";
import { EVENTS_ROWS } from "./events";
import { FEDERATION_ROWS } from "./federation";
import { FOLLOWS_ROWS } from "./follows";
import { INSTANCE_ROWS } from "./instance";
import { MESSAGING_ROWS } from "./messaging";
import { MODERATION_ROWS } from "./moderation";
import { NOTIFICATIONS_ROWS } from "./notifications";
import { PARTNERSHIPS_ROWS } from "./partnerships";
import { PAYMENTS_ROWS } from "./payments";
import { PLACES_ROWS } from "./places";
import { API_DOCS_ROWS, APP_CONFIGURATION_ROWS, DEMO_TOWN_ROWS, HEALTH_ROWS } from "./platform";
import { POSTS_ROWS } from "./posts";
import { PUSH_ROWS } from "./push";
import { REPORTS_ROWS } from "./reports";
import { SEARCH_ROWS } from "./search";
import { UPLOADS_ROWS } from "./uploads";
import { USERS_ROWS } from "./users";

export type { CaseInput, Expectation, MatrixRow, RequestSpec, Resource } from "./common";

export const MATRIX: MatrixRow[] = [
  ...HEALTH_ROWS,
  ...AUTH_ROWS,
  ...ACCOUNTS_ROWS,
  ...AGREEMENTS_ROWS,
  ...ADMIN_ROWS,
  ...REPORTS_ROWS,
  ...FEDERATION_ROWS,
  ...MODERATION_ROWS,
  ...BLOCKS_ROWS,
  ...BUSINESSES_ROWS,
  ...COUPONS_ROWS,
  ...EVENTS_ROWS,
  ...PARTNERSHIPS_ROWS,
  ...FOLLOWS_ROWS,
  ...MESSAGING_ROWS,
  ...NOTIFICATIONS_ROWS,
  ...PUSH_ROWS,
  ...PAYMENTS_ROWS,
  ...POSTS_ROWS,
  ...SEARCH_ROWS,
  ...PLACES_ROWS,
  ...APP_CONFIGURATION_ROWS,
  ...INSTANCE_ROWS,
  ...API_DOCS_ROWS,
  ...DEMO_TOWN_ROWS,
  ...UPLOADS_ROWS,
  ...USERS_ROWS,
];
