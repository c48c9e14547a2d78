/** A card's files: its editors add and remove them, its readers read them (decision 009). */
import { registerMediaSubject } from '../media/subjects-port.ts';
import { cardAccess, editableCardAccess } from './access.ts';
import { touchProjectCards } from './board-cache.ts';

export function registerCardMediaSubject(): void {
  registerMediaSubject('cards', {
    async mayEdit(services, member, cardId) {
      const access = await editableCardAccess(services, member, cardId);
      return { projectId: access.card.projectId };
    },
    mayRead: (services, member, cardId) => cardAccess(services, member, cardId),
    // A card's file count shows on the board.
    changed: (tx, file) => touchProjectCards(tx, file.projectId ?? ''),
  });
}
