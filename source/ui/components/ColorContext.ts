/** Whether the screen may use colour and text attributes; decided once, before the first frame. */
import {createContext} from 'react';

/** Colour and attributes; attributes only (bold, dim, inverse…: NO_COLOR, --no-color); neither (TERM=dumb, tests). */
export type Styling = 'color' | 'attributes' | 'none';

export const ColorContext = createContext<Styling>('color');
