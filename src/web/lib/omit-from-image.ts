// Parts of a post card that a downloaded image leaves out (buttons, menus, staff data): the card marks
// them, the share feature's capture skips them. Only the like count stays, as a count.
export const OMIT_FROM_IMAGE = { 'data-share-omit': '' } as const;

export function isOmittedFromImage(node: Node): boolean {
  return node instanceof Element && node.hasAttribute('data-share-omit');
}
