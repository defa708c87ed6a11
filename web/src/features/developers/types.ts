/** Shapes of the Developers area's endpoints (docs/app-api.md). */
export type KeyRole = 'full' | 'ingest' | 'read';

export interface ApiKey {
  id: string;
  name: string | null;
  role: KeyRole;
  environment: 'test' | 'live';
  key_hint: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export const EVENT_TYPES = [
  'conversation.evaluated',
  'agent.health_changed',
  'group.health_changed',
  'check.failed',
  'checks.digest',
  'ping',
] as const;

export interface Endpoint {
  id: string;
  url: string;
  description: string | null;
  events: string[] | null;
  enabled: boolean;
  disabled_reason: string | null;
  environment: 'test' | 'live';
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Attempt {
  at: string;
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
}

export interface Delivery {
  id: string;
  event_type: string;
  status: string;
  created_at: string;
  attempts: Attempt[];
}
