import { addReviewedAt } from '../migration-kit';

// When an admin last approved or rejected the item: a rejected artist is unapproved like a
// new one, and only this tells the moderation queue it has been dealt with.
export const { up, down } = addReviewedAt('artists');
