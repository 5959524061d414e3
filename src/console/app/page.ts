import { lazy, type ComponentType } from 'react';

/** A screen loaded as its own chunk, from a named export. */
export function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
