/** Whether the screen draws links (OSC 8), and to what: decided once, before the first frame. */
import {createContext} from 'react';

/**
 * A segment's `link` (an absolute path or a web address) as the URI to write, or undefined
 * when it is drawn as plain text (a file not on this machine, a scheme that is not the web's).
 */
export type Linker = (target: string) => string | undefined;

/** None: no links drawn (TERM=dumb, NO_COLOR, --no-links, a terminal that shows their bytes, tests). */
export const LinkContext = createContext<Linker | undefined>(undefined);
