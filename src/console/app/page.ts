import { lazyNamed } from '../components/lazyNamed';

/** A screen loaded as its own chunk, from a named export. */
export const page = lazyNamed;
