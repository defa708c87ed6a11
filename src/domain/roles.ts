/**
 * The roles of people in a workspace and what each may do (DESIGN.md, "The application"). Each role can
 * do everything the roles below it can: owner > admin > member > viewer.
 */

export const USER_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type UserRole = (typeof USER_ROLES)[number];

const RANK: Record<UserRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** Whether `role` is at least `needed`. */
export function hasRole(role: UserRole, needed: UserRole): boolean {
  return RANK[role] >= RANK[needed];
}

export function isUserRole(value: string): value is UserRole {
  return (USER_ROLES as readonly string[]).includes(value);
}

/** The least role each kind of action needs. */
export const ROLE_FOR = {
  /** The workspace's name and time zone, and making or unmaking owners. */
  workspace: 'owner',
  /** Checks, API keys, webhook endpoints, invitations and members. */
  developers: 'admin',
  members: 'admin',
  /** Labels, re-runs, placing agents into groups. */
  review: 'member',
  read: 'viewer',
} as const satisfies Record<string, UserRole>;

/**
 * Whether `actor` may give someone the role `target`, or change the role of (or remove) someone who has it:
 * an admin manages admins, members and viewers; only an owner touches owners.
 */
export function mayManageRole(actor: UserRole, target: UserRole): boolean {
  if (!hasRole(actor, ROLE_FOR.members)) return false;
  return target !== 'owner' || actor === 'owner';
}
