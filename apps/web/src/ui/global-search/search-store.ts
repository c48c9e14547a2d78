/**
 * The global search's open state, apart from its dialog (#53): the header's buttons, Ctrl/Cmd-K
 * and the "/" shortcut open it before the dialog is drawn, which then opens as it is drawn.
 */
import { createSpotlight } from '@mantine/spotlight';

export const [searchStore, search] = createSpotlight();
