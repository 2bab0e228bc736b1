/** `npm run faces:sheet [file]`: write the contact sheet of every card face (default docs/card-faces.png). */
import { writeFileSync } from 'node:fs';
import { FACE_CARDS } from './face-cards.ts';
import { contactSheet } from './sheet.ts';
import { FACE_STYLES } from './style.ts';

const out = process.argv[2] ?? 'docs/card-faces.png';
writeFileSync(out, contactSheet());
console.log(`Wrote ${FACE_CARDS.length} faces × ${FACE_STYLES.length} styles to ${out}.`);
