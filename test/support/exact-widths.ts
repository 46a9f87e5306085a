// Every test measures text as the program does once it is running: with string-width loaded.
// (The close measure the first frame uses before that is tested on its own in test/render/width.test.ts.)
import {loadExactWidths} from '../../source/render/width.js';

await loadExactWidths();
