/** The session lookup of every authenticated call, for the benches' raw servers. */
// Character for character what drizzle builds for session.repository.ts findSessionByTokenHash.
export const SESSION_SQL =
  'select "sessions"."id", "sessions"."merchant_id", "sessions"."expires_at", "sessions"."revoked_at", ' +
  '"merchants"."email", "merchants"."phone", "merchants"."country_code", "merchants"."google_state", ' +
  '"merchants"."lang", "merchants"."created_at", "merchants"."status", "merchants"."withdrawal_locked_until" ' +
  'from "sessions" inner join "merchants" on "merchants"."id" = "sessions"."merchant_id" ' +
  'where "sessions"."token_hash" = $1 limit $2';
