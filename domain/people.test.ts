import { describe, expect, it } from 'vitest';
import { roleMayUse, ROLES, type AdminArea } from './people';

// docs/api.md, "Admins who are people": owner everything; editor the content; moderator
// moderation and the dashboard.
describe('roleMayUse', () => {
  it('gives each role exactly its areas', () => {
    const areas: AdminArea[] = ['moderation', 'content', 'owner'];
    const table = Object.fromEntries(ROLES.map((role) => [role, areas.filter((a) => roleMayUse(role, a))]));
    expect(table).toEqual({ owner: ['moderation', 'content', 'owner'], editor: ['content'], moderator: ['moderation'] });
  });
});
