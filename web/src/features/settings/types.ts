import type { Role } from '../../lib/session';

export interface Member {
  id: string;
  email: string;
  name: string;
  role: Role;
  created_at: string;
}

export interface PendingInvitation {
  id: string;
  role: Role;
  email: string | null;
  created_at: string;
  expires_at: string;
}

export const ROLES: readonly Role[] = ['owner', 'admin', 'member', 'viewer'];
