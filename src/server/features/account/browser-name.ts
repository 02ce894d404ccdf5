// "Chrome on Android", "Instagram on iPhone": a person's name for a device, from the User-Agent its
// browser sent when it signed in. Only the browser's family and the system (an Apple device by its
// kind: an iPhone and an iPad are told apart): the list of devices is for recognising one's own phone
// or laptop, not for telling versions apart; the time of each sign-in tells two alike apart (issue
// #51). Order matters: an app's own browser (Instagram, where a shared link is opened) also names the
// engine it runs on; Edge, Opera, Samsung Internet, UC Browser and Mi Browser also say "Chrome", and
// Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/\bInstagram\b/, 'Instagram'],
  [/\bFBA[NV]\/|\bFB_IAB\b/, 'Facebook'],
  [/\bLinkedInApp\b/, 'LinkedIn'],
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bMiuiBrowser\//, 'Mi Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|HeadlessChrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\biPod\b/, 'iPod'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function browserName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'Unknown browser');
}
