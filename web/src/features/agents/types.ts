/** Agents as /app/api answers them (docs/app-api.md, part 2). */
import type { HealthStatus, HealthWindow } from '../../components/ui/health';

export type { HealthStatus, HealthWindow };

export interface AgentSummary {
  id: string;
  name: string;
  group: { id: string; name: string } | null;
  archived_at: string | null;
  health_status: HealthStatus;
  reason: string;
  last_7_days: HealthWindow;
  last_30_days: HealthWindow;
  last_conversation_at: string | null;
}

export interface TrendPoint {
  day: string;
  conversations: number;
  resolution_rate: number | null;
  handed_to_person_rate: number | null;
  avg_frustration: number | null;
  compliance_failures: number;
}

export interface ReleaseMarker {
  version: string;
  day: string;
  first_seen_at: string;
}

export interface AgentPage extends AgentSummary {
  placement: { by_kind: string | null; by: string | null; by_name: string | null; at: string | null };
  transitions: { seq: number; old_status: string; new_status: string; reason: string; at: string }[];
  trend: {
    days: 30 | 90;
    from: string;
    to: string;
    time_zone: string;
    points: TrendPoint[];
    releases: ReleaseMarker[];
  };
}
