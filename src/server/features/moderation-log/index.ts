// What other features may use of the moderation log: recording what staff did.
export { recordModeration } from './record';
