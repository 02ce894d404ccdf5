// What other features may use of asklines: finding one a viewer may see, and presenting it (sharing).
export { findVisibleAskline } from './find-askline';
export { presentAskline } from './present-askline';
