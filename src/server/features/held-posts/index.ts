// What other features may use of held posts: keeping one when the text check holds it (posts).
export { holdPost } from './hold-post';
