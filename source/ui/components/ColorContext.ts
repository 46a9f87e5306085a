/** Whether the screen may use colour and text attributes; decided once, before the first frame. */
import {createContext} from 'react';
import {classicPalette, type Palette} from '../panes/palette.js';

/** Colour and attributes; attributes only (bold, dim, inverse…: NO_COLOR, --no-color); neither (TERM=dumb, tests). */
export type Styling = 'color' | 'attributes' | 'none';

export const ColorContext = createContext<Styling>('color');

/** The palette colours are drawn in (ui/panes/palette.ts), chosen before the first frame. */
export const PaletteContext = createContext<Palette>(classicPalette);
