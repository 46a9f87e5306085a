/** Whether the screen may use colour and text attributes; decided once, before the first frame. */
import {createContext} from 'react';

export const ColorContext = createContext(true);
