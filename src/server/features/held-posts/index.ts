// What other features may use of held posts: keeping one when the text check holds it (posts), and
// publishing one whose removal an appeal overturned (appeals).
export { publishHeld } from './decide-held';
export { holdPost } from './hold-post';
