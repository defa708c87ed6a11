/** Groups as /app/api answers them (docs/app-api.md, part 2). */
import type { HealthStatus, HealthWindow } from '../../components/ui/health';

export type { HealthStatus, HealthWindow };

export interface GroupSummary {
  id: string;
  name: string;
  health_status: HealthStatus;
  reason: string;
  set_by: { id: string; name: string } | null;
  agents: number;
  last_7_days: HealthWindow;
  last_30_days: HealthWindow;
  last_conversation_at: string | null;
}

export interface GroupPage extends GroupSummary {
  members: {
    id: string;
    name: string;
    archived_at: string | null;
    health_status: HealthStatus;
    reason: string;
    last_7_days: HealthWindow;
    last_30_days: HealthWindow;
    last_conversation_at: string | null;
    active: boolean;
    sets_status: boolean;
  }[];
}
