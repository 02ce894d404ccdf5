/** The address of the build's icon sprite (scripts/icon-sprite.ts). */
declare module 'virtual:icon-sprite' {
  const address: string;
  export default address;
}
