// What signed in, in a few words a person recognises ('Chrome on Windows'), told from the User-Agent
// once at sign-in. A guess, never a check: anything can send any User-Agent, so nothing is decided on it.

/** The longest User-Agent kept; real ones are a few hundred characters. */
export const USER_AGENT_KEPT = 512;

// Most specific first: Edge, Opera and Samsung Internet also say Chrome and Safari; Chrome says Safari.
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdgA?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|HeadlessChrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

// iPad before Mac (an iPad says 'like Mac OS X'); Android before Linux.
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (rules: ReadonlyArray<[RegExp, string]>, text: string) => rules.find(([pattern]) => pattern.test(text))?.[1];

export function describeDevice(userAgent: string | undefined | null): string {
  const text = userAgent?.trim() ?? '';
  if (!text) return 'Unknown device';
  const browser = first(BROWSERS, text);
  const system = first(SYSTEMS, text);
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system) as string;
  // A program rather than a browser (curl/8.5.0, node): its own name.
  return text.match(/^([\w.-]{1,40})(?:\/|$)/)?.[1] ?? 'Unknown device';
}
