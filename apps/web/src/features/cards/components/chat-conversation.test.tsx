import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ChatConversation } from './chat-conversation.tsx';

describe('customer chat card', () => {
  it('shows each part with its author and attachments, and a link to the chat tool', () => {
    renderWithProviders(
      <ChatConversation
        url="https://app.intercom.com/conversations/1"
        parts={[
          {
            type: 'comment',
            createdAt: '2026-11-20T10:00:00Z',
            body: 'Can I get a refund?',
            authorName: 'Dana',
            authorType: 'user',
            attachments: [{ name: 'receipt.pdf', url: 'https://f/receipt.pdf' }],
          },
          {
            type: 'comment',
            createdAt: '2026-11-20T10:05:00Z',
            body: 'Yes.',
            authorName: 'Support',
            authorType: 'admin',
            attachments: [],
          },
        ]}
      />,
    );
    const parts = screen.getAllByTestId('chat-part');
    expect(parts).toHaveLength(2);
    expect(parts[0]?.textContent).toContain('Dana');
    expect(parts[0]?.textContent).toContain('Can I get a refund?');
    expect(screen.getByRole('link', { name: 'receipt.pdf' }).getAttribute('href')).toBe(
      'https://f/receipt.pdf',
    );
    expect(screen.getByRole('link', { name: 'Open in the chat tool' })).toBeTruthy();
  });
});
