/** Whether the screen draws links (OSC 8) and images, and how: decided once, before the first frame. */
import {createContext} from 'react';
import type {InlineImages} from '../panes/pane-types.js';

/**
 * A segment's `link` (an absolute path or a web address) as the URI to write, or undefined
 * when it is drawn as plain text (a file not on this machine, a scheme that is not the web's).
 */
export type Linker = (target: string) => string | undefined;

/** None: no links drawn (TERM=dumb, NO_COLOR, --no-links, a terminal that shows their bytes, tests). */
export const LinkContext = createContext<Linker | undefined>(undefined);

/** Images drawn inline (kitty's placeholders), and what sends one to the terminal; none: images are labels. */
export const ImageContext = createContext<InlineImages | undefined>(undefined);
