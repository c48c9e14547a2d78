/** A public board's image: whoever runs the board sets it; members who see the board read it. */
import { AppError } from '@assay/domain';
import { registerMediaSubject } from '../media/subjects-port.ts';
import { mayManagePortal } from './policy.ts';
import { boardAccess } from './state.ts';

export function registerPortalMediaSubject(): void {
  registerMediaSubject('publicBoard', {
    async mayEdit(services, member, boardId) {
      const { access } = await boardAccess(services, member, boardId);
      if (!mayManagePortal(member, access)) throw new AppError('forbidden');
      return { projectId: access.project.id };
    },
    mayRead: (services, member, boardId) => boardAccess(services, member, boardId),
  });
}
