// The backends own these path prefixes; every other path belongs to the console (its files and
// its screens). Used only to choose what a path that matched no route gets (index.html or a 404);
// never for a security, rate-limit or replay decision (those read the matched route: routeConfig.ts).
import { SERVER_PATH_PREFIXES } from '../../contract/constants';

const isConsolePath = (pathname: string): boolean =>
  !SERVER_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/** A screen of the console (/agents, /otp/login): a console path that names no file. */
export const isScreenPath = (url: string): boolean => {
  const pathname = url.split('?')[0] ?? '';
  return pathname.startsWith('/') && isConsolePath(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
};
