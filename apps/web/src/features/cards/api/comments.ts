/** Comments on a card: the list and its changes. */
import { useQuery } from '@tanstack/react-query';
import { gatewayRequest } from '../../../api/gateway.ts';
import type { Person } from './card.ts';

export interface Comment {
  id: string;
  body: string;
  mentions: string[];
  owner: Person | null;
  likeCount: number;
  likedByMe: boolean;
  likedByProfiles: Person[];
  createdAt: string;
  updatedAt: string;
  abilities: { edit: boolean };
}

const PERSON = 'profileId firstName lastName image bgColor';
const COMMENT = `id body mentions likeCount likedByMe createdAt updatedAt abilities { edit }
  owner { ${PERSON} } likedByProfiles { ${PERSON} }`;

export const commentsKey = (cardId: string) => ['comments', cardId] as const;

export const useComments = (cardId: string) =>
  useQuery({
    queryKey: commentsKey(cardId),
    queryFn: () =>
      gatewayRequest<{ comments: Comment[] }>(
        `query Comments($id: ID!) { comments(subjectType: "card", subjectId: $id) { ${COMMENT} } }`,
        { id: cardId },
      ).then((d) => d.comments),
  });

export const addComment = (cardId: string, body: string, mentions: string[]) =>
  gatewayRequest<{ addComment: Comment | null }>(
    `mutation AddComment($i: JSON!) { addComment(input: $i) { ${COMMENT} } }`,
    { i: { subjectType: 'card', subjectId: cardId, body, mentions } },
  ).then((d) => d.addComment);

export const updateComment = (commentId: string, body: string, mentions: string[]) =>
  gatewayRequest<{ updateComment: Comment }>(
    `mutation UpdateComment($i: JSON!) { updateComment(input: $i) { ${COMMENT} } }`,
    { i: { commentId, body, mentions } },
  ).then((d) => d.updateComment);

export const deleteComment = (commentId: string) =>
  gatewayRequest('mutation DeleteComment($id: ID!) { deleteComment(commentId: $id) }', {
    id: commentId,
  });

export const likeComment = (commentId: string, like: boolean) =>
  gatewayRequest<{ likeComment: Comment }>(
    `mutation LikeComment($id: ID!, $l: Boolean!) { likeComment(commentId: $id, like: $l) { ${COMMENT} } }`,
    { id: commentId, l: like },
  ).then((d) => d.likeComment);
