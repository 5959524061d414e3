// The backends own these path prefixes; every other path belongs to the console (its files and
// its screens), which is public: the data behind it is not.
const BACKEND_PREFIXES = ['/api/', '/admin/', '/service/', '/dev/', '/health'];

export const isConsolePath = (url: string): boolean => !BACKEND_PREFIXES.some((prefix) => url.startsWith(prefix));

/** A screen of the console (/agents, /otp/login): a console path that names no file. */
export const isScreenPath = (url: string): boolean => {
  const pathname = url.split('?')[0] ?? '';
  return isConsolePath(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
};
