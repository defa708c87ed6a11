/**
 * The health rollups scoring would have kept for the application benchmark's conversations, built from them
 * after loading with one aggregate per table: each agent's local days (the workspace is in UTC), its compliance
 * failures per check, and the day each release first appeared. The agent and group pages read only these, so
 * they are what the page probes measure against, with a million conversations underneath.
 */
import Sqlite from 'better-sqlite3';
import pg from 'pg';

type DayOf = (column: string) => string;
const sqliteDay: DayOf = (column) => `strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`;
const postgresDay: DayOf = (column) => `to_char(to_timestamp(${column} / 1000.0) at time zone 'UTC', 'YYYY-MM-DD')`;

/** Statements in order; the same aggregate as contributionOf (src/domain/health/contribution.ts). */
function rollupStatements(day: DayOf): string[] {
  return [
    `insert into health_daily (project_id, environment, agent_id, day, conversations, with_outcome, resolved,
       handed_to_person, requests_for_person_not_honored, frustration_sum, frustration_count, compliance_failures,
       high_severity_compliance_failures)
     select c.project_id, c.environment, c.agent_id, ${day('c.ended_at_ms')}, count(*),
       sum(case when c.outcome is not null and c.outcome not in ('not_real_inquiry', 'not_customer_call') then 1 else 0 end),
       sum(case when c.outcome = 'resolved' then 1 else 0 end),
       sum(case when c.outcome in ('escalated', 'handed_to_person') then 1 else 0 end),
       coalesce(sum(r.person_fail), 0), coalesce(sum(r.frustration_sum), 0), coalesce(sum(r.frustration_count), 0),
       coalesce(sum(r.compliance), 0), coalesce(sum(r.high), 0)
     from conversations c left join (
       select conversation_id,
         sum(case when check_key = 'person_request_honored' and verdict = 'fail' then 1 else 0 end) as person_fail,
         sum(case when check_key = 'frustration' and score is not null then score else 0 end) as frustration_sum,
         sum(case when check_key = 'frustration' and score is not null then 1 else 0 end) as frustration_count,
         sum(case when verdict = 'fail' and check_category = 'compliance' then 1 else 0 end) as compliance,
         sum(case when verdict = 'fail' and check_category = 'compliance' and check_severity = 'high' then 1 else 0 end) as high
       from check_results where check_status <> 'shadow' group by conversation_id
     ) r on r.conversation_id = c.id
     where c.status = 'done'
     group by c.project_id, c.environment, c.agent_id, ${day('c.ended_at_ms')}`,
    `insert into health_daily_checks (project_id, environment, agent_id, day, check_key, check_name, failures,
       high_severity_failures)
     select c.project_id, c.environment, c.agent_id, ${day('c.ended_at_ms')}, r.check_key, max(r.check_name), count(*),
       sum(case when r.check_severity = 'high' then 1 else 0 end)
     from check_results r join conversations c on c.id = r.conversation_id
     where r.verdict = 'fail' and r.check_category = 'compliance' and r.check_status <> 'shadow' and c.status = 'done'
     group by c.project_id, c.environment, c.agent_id, ${day('c.ended_at_ms')}, r.check_key`,
    `insert into agent_releases (project_id, environment, agent_id, version, first_seen_day, first_seen_at)
     select project_id, environment, agent_id, agent_version, ${day('min(ended_at_ms)')}, min(ended_at_ms)
     from conversations where status = 'done' and agent_version is not null
     group by project_id, environment, agent_id, agent_version`,
  ];
}

export function rollUpSqlite(file: string): void {
  const db = new Sqlite(file);
  try {
    db.transaction(() => {
      for (const statement of rollupStatements(sqliteDay)) db.prepare(statement).run();
    })();
  } finally {
    db.close();
  }
}

export async function rollUpPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    for (const statement of rollupStatements(postgresDay)) await client.query(statement);
    await client.query('commit');
    await client.query('analyze health_daily, health_daily_checks, agent_releases');
  } finally {
    await client.end();
  }
}
